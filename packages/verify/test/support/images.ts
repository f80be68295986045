/** Test images drawn in the page: a synthetic ID card on a desk, and the demo face photos. */

/** Options of `drawDocumentScene`. */
export interface SceneOptions {
  width?: number;
  height?: number;
  /** Card width as a share of the frame width. */
  cardWidth?: number;
  /** Rotation of the card, degrees. */
  rotate?: number;
  /** Gaussian blur radius, pixels. */
  blur?: number;
  /** Multiplies every pixel (0.2 = a dark room). */
  exposure?: number;
  /** Draws a saturated reflection on the card. */
  glare?: boolean;
  /** Leaves the card out (an empty desk). */
  noCard?: boolean;
  /** Colour of the card stock (default an off-white). */
  cardColour?: string;
}

/** Draws a card scene and answers its pixels and the card's corners (normalized). */
export function drawDocumentScene(options: SceneOptions = {}): {
  canvas: OffscreenCanvas;
  image: ImageData;
  corners: { x: number; y: number }[];
} {
  const {
    width = 640,
    height = 480,
    cardWidth = 0.66,
    rotate = 0,
    blur = 0,
    exposure = 1,
    glare = false,
    cardColour = '#f2efe6',
  } = options;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d')!;
  // Desk: dark, mildly textured.
  ctx.fillStyle = '#3d352e';
  ctx.fillRect(0, 0, width, height);
  let seed = 7;
  const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < 1500; i += 1) {
    ctx.fillStyle = `rgba(${random() > 0.5 ? '255,255,255' : '0,0,0'},0.06)`;
    ctx.fillRect(random() * width, random() * height, 2 + random() * 12, 1 + random() * 2);
  }
  const w = width * cardWidth;
  const h = w / 1.586;
  const corners: { x: number; y: number }[] = [];
  if (!options.noCard) {
    ctx.save();
    ctx.filter = blur ? `blur(${blur}px)` : 'none';
    ctx.translate(width / 2, height / 2);
    ctx.rotate((rotate * Math.PI) / 180);
    ctx.fillStyle = cardColour;
    ctx.beginPath();
    ctx.roundRect(-w / 2, -h / 2, w, h, w * 0.035);
    ctx.fill();
    ctx.fillStyle = '#1e4fa8';
    ctx.fillRect(-w / 2 + w * 0.02, -h / 2 + h * 0.04, w * 0.96, h * 0.14);
    ctx.fillStyle = '#b9b1a0';
    ctx.fillRect(-w / 2 + w * 0.05, -h / 2 + h * 0.25, w * 0.24, h * 0.5);
    ctx.fillStyle = '#2b2b2b';
    ctx.font = `${Math.round(h * 0.06)}px monospace`;
    for (let line = 0; line < 4; line += 1) {
      ctx.fillText('NAME  JANE DOE  1990', -w / 2 + w * 0.33, -h / 2 + h * (0.32 + line * 0.11));
    }
    ctx.fillText('IDUTOD23456781<<<<<<<<<<<', -w / 2 + w * 0.05, -h / 2 + h * 0.86);
    if (glare) {
      const gradient = ctx.createRadialGradient(w * 0.1, 0, 0, w * 0.1, 0, h * 0.4);
      gradient.addColorStop(0, '#ffffff');
      gradient.addColorStop(0.7, '#ffffff');
      gradient.addColorStop(1, 'rgba(255,255,255,0)');
      ctx.fillStyle = gradient;
      ctx.beginPath();
      ctx.ellipse(w * 0.1, 0, h * 0.45, h * 0.35, 0, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.restore();
    const cos = Math.cos((rotate * Math.PI) / 180);
    const sin = Math.sin((rotate * Math.PI) / 180);
    for (const [dx, dy] of [
      [-w / 2, -h / 2],
      [w / 2, -h / 2],
      [w / 2, h / 2],
      [-w / 2, h / 2],
    ] as const) {
      corners.push({
        x: (width / 2 + dx * cos - dy * sin) / width,
        y: (height / 2 + dx * sin + dy * cos) / height,
      });
    }
  }
  if (exposure !== 1) {
    const image = ctx.getImageData(0, 0, width, height);
    for (let i = 0; i < image.data.length; i += 4) {
      image.data[i] = image.data[i]! * exposure;
      image.data[i + 1] = image.data[i + 1]! * exposure;
      image.data[i + 2] = image.data[i + 2]! * exposure;
    }
    ctx.putImageData(image, 0, 0);
  }
  return { canvas, image: ctx.getImageData(0, 0, width, height), corners };
}

/**
 * Loads a generated document photo written by `scripts/make-test-documents.mjs` (1280×960) and
 * where the card's corners are in it (normalized, clockwise from the top-left).
 */
export async function loadTestDocument(
  name: string,
): Promise<{ photo: ImageBitmap; corners: { x: number; y: number }[] }> {
  const base = '/packages/verify/.test-artifacts/documents';
  const manifest = (await (await fetch(`${base}/documents.json`)).json()) as Record<
    string,
    { x: number; y: number }[]
  >;
  const corners = manifest[name];
  if (!corners) throw new Error(`no generated document ${name}`);
  const response = await fetch(`${base}/${name}.png`);
  return { photo: await createImageBitmap(await response.blob()), corners };
}

/** Loads one of `@vladmandic/face-api`'s demo photos (served from node_modules, never committed). */
export async function loadDemoPhoto(name = 'sample6.jpg'): Promise<ImageBitmap> {
  const response = await fetch(`/node_modules/@vladmandic/face-api/demo/${name}`);
  return createImageBitmap(await response.blob());
}

/** A single frontal face from the demo photo, centred on a plain 640×480 frame. */
export async function singleFaceFrame(): Promise<OffscreenCanvas> {
  const photo = await loadDemoPhoto('sample6.jpg');
  const canvas = new OffscreenCanvas(640, 480);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#d8d4cc';
  ctx.fillRect(0, 0, 640, 480);
  ctx.drawImage(photo, 555, 250, 400, 440, 140, 42, 360, 396);
  photo.close();
  return canvas;
}

/** One real face of the demo photos with its eyes open and shut (scripts/make-test-faces.mjs). */
export interface TestFace {
  face: number;
  open: ImageBitmap;
  shut: ImageBitmap;
}

/** Loads the generated open/shut frames of every test face. */
export async function loadTestFaces(): Promise<TestFace[]> {
  const base = '/packages/verify/.test-artifacts/faces';
  const listed = (await (await fetch(`${base}/faces.json`)).json()) as {
    face: number;
    open: string;
    shut: string;
  }[];
  const bitmap = async (file: string) =>
    createImageBitmap(await (await fetch(`${base}/${file}`)).blob());
  return Promise.all(
    listed.map(async ({ face, open, shut }) => ({
      face,
      open: await bitmap(open),
      shut: await bitmap(shut),
    })),
  );
}

/** One real face of the demo photos facing the camera and turned 35° each way (make-test-faces). */
export interface TestTurn {
  face: number;
  frontal: ImageBitmap;
  /** Turned to the person's left (the nose towards the right of the unmirrored frame). */
  left: ImageBitmap;
  right: ImageBitmap;
}

/** Loads the generated frontal and turned frames of every head-turn test face. */
export async function loadTestTurns(): Promise<TestTurn[]> {
  const base = '/packages/verify/.test-artifacts/faces';
  const listed = (await (await fetch(`${base}/turns.json`)).json()) as {
    face: number;
    frontal: string;
    left: string;
    right: string;
  }[];
  const bitmap = async (file: string) =>
    createImageBitmap(await (await fetch(`${base}/${file}`)).blob());
  return Promise.all(
    listed.map(async ({ face, frontal, left, right }) => ({
      face,
      frontal: await bitmap(frontal),
      left: await bitmap(left),
      right: await bitmap(right),
    })),
  );
}
