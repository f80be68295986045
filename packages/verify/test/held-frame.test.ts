/**
 * The web camera's own path (`WebCaptureSource`, frames held as `VideoFrame`s and scaled in the
 * worker): the document photo sent is, pixel for pixel, the frame whose analysis took it, and no
 * bitmap or video frame of the page stays open after the flow.
 *
 * The camera is the system edge replaced: `getUserMedia` answers the stream of a canvas showing a
 * card whose corner mark changes colour with every frame drawn, so that frames a few tens of
 * milliseconds apart differ, under a light that flickers a little from frame to frame. At the test edge, `createImageBitmap` and `VideoFrame` are wrapped to
 * count what the page opens, and every frame cloned for the worker's analysis is copied at that
 * instant (a synchronous draw), so the test knows what the analysis looked at.
 */
import { expect } from '@open-wc/testing';
import type { RecordedFile } from './support/double.js';
import { acceptTerms, mount, requestsTo, waitFor } from './support/element.js';
import { drawDocumentScene } from './support/images.js';

/** Size at which frames are compared (px). */
const compareWidth = 160;
const compareHeight = 120;

/** `image` drawn at the comparison size, as RGBA pixels. */
function small(image: CanvasImageSource): Uint8ClampedArray {
  const canvas = new OffscreenCanvas(compareWidth, compareHeight);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(image, 0, 0, compareWidth, compareHeight);
  return ctx.getImageData(0, 0, compareWidth, compareHeight).data;
}

/** Mean absolute difference per channel (0–255) of two images of the comparison size. */
function difference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 4) {
    sum +=
      Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
  }
  return sum / ((a.length / 4) * 3);
}

/** The mean colour of the mark (inside the top-left 12×12 of the comparison size). */
function markOf(pixels: Uint8ClampedArray): [number, number, number] {
  const sum = [0, 0, 0];
  for (let y = 2; y < 10; y += 1) {
    for (let x = 2; x < 10; x += 1) {
      for (let c = 0; c < 3; c += 1) sum[c]! += pixels[(y * compareWidth + x) * 4 + c]!;
    }
  }
  return sum.map((s) => s / 64) as [number, number, number];
}

interface Analysed {
  step: string;
  pixels: Uint8ClampedArray;
}

describe('<idv-verify> on the web camera (VideoFrame) path', () => {
  const original = {
    getUserMedia: navigator.mediaDevices.getUserMedia,
    createImageBitmap: window.createImageBitmap.bind(window),
    VideoFrame: window.VideoFrame,
  };
  const bitmaps: ImageBitmap[] = [];
  const videoFrames: VideoFrame[] = [];
  const analysed: Analysed[] = [];
  let step = '';
  let timer: ReturnType<typeof setInterval> | undefined;

  before(() => {
    // The camera: a card, and a mark whose colour changes with every frame drawn.
    const scene = drawDocumentScene({ width: 1280, height: 960 }).canvas;
    navigator.mediaDevices.getUserMedia = async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 1280;
      canvas.height = 960;
      const ctx = canvas.getContext('2d')!;
      let frame = 0;
      const draw = (): void => {
        frame += 1;
        // The light flickers a little from one frame to the next (the card stays still enough to
        // be taken).
        ctx.drawImage(scene, 0, 0);
        ctx.fillStyle = `rgba(0, 0, 0, ${(frame % 4) * 0.03})`;
        ctx.fillRect(0, 0, 1280, 960);
        ctx.fillStyle = `hsl(${(frame * 67) % 360} 100% 50%)`;
        ctx.fillRect(0, 0, 96, 96);
      };
      draw();
      timer = setInterval(draw, 40);
      return canvas.captureStream(25);
    };
    window.createImageBitmap = async function (
      ...args: Parameters<typeof createImageBitmap>
    ): Promise<ImageBitmap> {
      const bitmap = await original.createImageBitmap(...args);
      bitmaps.push(bitmap);
      return bitmap;
    } as typeof createImageBitmap;
    const Base = original.VideoFrame;
    class CountedVideoFrame extends Base {
      // The element makes them from its camera's <video> (the first of VideoFrame's constructors).
      constructor(image: CanvasImageSource, init?: VideoFrameInit) {
        super(image, init);
        videoFrames.push(this);
      }

      /** The clone goes to the worker's analysis: what it shows is copied now. */
      override clone(): VideoFrame {
        analysed.push({ step, pixels: small(this) });
        const copy = super.clone();
        videoFrames.push(copy);
        return copy;
      }
    }
    window.VideoFrame = CountedVideoFrame as unknown as typeof VideoFrame;
  });

  after(() => {
    clearInterval(timer);
    navigator.mediaDevices.getUserMedia = original.getUserMedia;
    window.createImageBitmap = original.createImageBitmap;
    window.VideoFrame = original.VideoFrame;
  });

  it('sends the analysed frame of each side and leaves no bitmap or video frame open', async () => {
    const m = await mount({ session: { type: 'ID ONLY' } });
    m.el.addEventListener('idv-step-change', (e) => {
      step = (e as CustomEvent<{ step: string }>).detail.step;
    });
    await acceptTerms(m);
    const sent: Record<'front' | 'back', { analysed: Analysed[] }> = {
      front: { analysed: [] },
      back: { analysed: [] },
    };
    for (const side of ['front', 'back'] as const) {
      await m.step(side);
      await waitFor(() => m.root.querySelector('.viewfinder img'), 20000, `${side} auto capture`);
      sent[side].analysed = analysed.filter((a) => a.step === side);
      m.button('Use this photo').click();
    }
    await m.step('result', 20000);
    await m.el.updateComplete;

    for (const side of ['front', 'back'] as const) {
      const [request] = await requestsTo(m, 'POST', `/flow/captures/${side}`);
      const meta = JSON.parse(request!.form!.meta as string);
      expect(meta, side).to.include({ source: 'camera', autoCaptured: true });
      const file = (request!.form!.image as RecordedFile[])[0]!;
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      const photo = await original.createImageBitmap(new Blob([bytes], { type: file.type }));
      expect(photo.width, `${side}: full resolution`).to.equal(1280);
      const pixels = small(photo);
      photo.close();
      // The loop ends on the frame its analysis accepted: the last one cloned for the worker.
      const frames = sent[side].analysed;
      const judged = frames.at(-1)!;
      const judgedMark = markOf(judged.pixels);
      const otherMarks = frames.filter(
        (f) => Math.max(...markOf(f.pixels).map((c, i) => Math.abs(c - judgedMark[i]!))) > 40,
      );
      expect(otherMarks.length, `${side}: the analysed frames differ`).to.be.above(0);
      const toJudged = difference(pixels, judged.pixels);
      // JPEG and the camera's colour conversion leave a few levels of noise, no more.
      expect(toJudged, `${side}: the photo is the analysed frame`).to.be.below(5);
      for (const other of otherMarks) {
        expect(difference(pixels, other.pixels), `${side}: not another frame`).to.be.above(
          toJudged,
        );
      }
      for (const [c, value] of markOf(pixels).entries()) {
        expect(Math.abs(value - judgedMark[c]!), `${side}: the analysed frame's mark`).to.be.below(
          24,
        );
      }
    }

    // Every bitmap the page made is closed or was handed to the worker; every video frame closed.
    expect(videoFrames.length, 'frames held').to.be.above(2);
    expect(
      bitmaps.filter((b) => b.width > 0).length,
      `bitmaps open (of ${bitmaps.length})`,
    ).to.equal(0);
    expect(
      videoFrames.filter((f) => f.format !== null).length,
      `video frames open (of ${videoFrames.length})`,
    ).to.equal(0);
  });
});
