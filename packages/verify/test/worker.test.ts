import { expect } from '@open-wc/testing';
import { FrameEncodeError, WorkerBridge } from '../dist/internal/worker-bridge/worker-bridge.js';
import { defaultWorkerUrl } from '../dist/worker-url.js';
import { drawDocumentScene, loadDemoPhoto, singleFaceFrame } from './support/images.js';

describe('capture worker (real Comlink round trip)', () => {
  let bridge: WorkerBridge;

  beforeEach(() => {
    bridge = new WorkerBridge({ url: defaultWorkerUrl(), idleMs: 200 });
  });

  afterEach(() => bridge.terminate());

  it('starts lazily, scores a transferred document frame, and stops when idle', async () => {
    expect(bridge.started).to.equal(false);
    const frame = drawDocumentScene().canvas.transferToImageBitmap();
    const analysis = await bridge.analyzeDocumentFrame(frame);
    expect(frame.width, 'the bitmap was transferred, not copied').to.equal(0);
    expect(analysis.ok).to.equal(true);
    expect(analysis.documentQuad).to.have.length(4);
    expect(bridge.started).to.equal(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(bridge.started).to.equal(false);
  });

  it('encodes a JPEG that decodes back to the same size', async () => {
    const frame = drawDocumentScene({ width: 1280, height: 960 }).canvas.transferToImageBitmap();
    const blob = await bridge.encodeJpeg(frame, 0.9);
    expect(blob.type).to.equal('image/jpeg');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([bytes[0], bytes[1]]).to.deep.equal([0xff, 0xd8]);
    const decoded = await createImageBitmap(blob);
    expect([decoded.width, decoded.height]).to.deep.equal([1280, 960]);
  });

  it('hands back, pixels intact, a frame it took but could not encode', async () => {
    const noEncoder = new WorkerBridge({
      url: new URL('./support/worker-without-jpeg-encoder.js', import.meta.url),
      idleMs: 200,
    });
    try {
      const canvas = new OffscreenCanvas(1280, 960);
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#2060c0';
      ctx.fillRect(0, 0, 1280, 960);
      ctx.fillStyle = '#ff0000';
      ctx.fillRect(0, 0, 48, 48);
      const frame = canvas.transferToImageBitmap();
      const failure = await noEncoder.encodeJpeg(frame, 0.9).then(
        () => expect.fail('this worker cannot encode'),
        (error: unknown) => error,
      );
      expect(frame.width, 'the worker took the frame').to.equal(0);
      expect(failure).to.be.instanceOf(FrameEncodeError);
      const back = (failure as FrameEncodeError).frame as ImageBitmap;
      expect([back.width, back.height]).to.deep.equal([1280, 960]);
      const check = new OffscreenCanvas(1280, 960).getContext('2d')!;
      check.drawImage(back, 0, 0);
      expect([...check.getImageData(24, 24, 1, 1).data]).to.deep.equal([255, 0, 0, 255]);
      expect([...check.getImageData(640, 480, 1, 1).data]).to.deep.equal([0x20, 0x60, 0xc0, 255]);
      back.close();
    } finally {
      noEncoder.terminate();
    }
  });

  it('detects one face with landmarks and pose, loading the models from the package', async () => {
    const canvas = await singleFaceFrame();
    const analysis = await bridge.analyzeFaceFrame(canvas.transferToImageBitmap());
    expect(analysis.faces).to.equal(1);
    expect(analysis.confidence).to.be.above(0.6);
    expect(analysis.box!.width).to.be.within(0.2, 0.7);
    expect(analysis.landmarks!.nose.x).to.be.within(
      analysis.box!.x,
      analysis.box!.x + analysis.box!.width,
    );
    expect(analysis.eyeOpenness).to.be.above(0.2);
    expect(Math.abs(analysis.yaw)).to.be.below(30);
    const requested = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /models|tfjs|vendor/.test(name));
    expect(
      requested.every((name) => name.startsWith(location.origin)),
      'no CDN',
    ).to.equal(true);
  });

  it('loads the face mesh again in a restarted worker (landmarks every time)', async () => {
    for (let start = 0; start < 3; start += 1) {
      const canvas = await singleFaceFrame();
      const analysis = await bridge.analyzeFaceFrame(canvas.transferToImageBitmap());
      expect(analysis.landmarks, `worker start ${start + 1}`).to.not.equal(null);
      expect(analysis.eyeOpenness, `worker start ${start + 1}`).to.be.above(0.2);
      bridge.terminate();
    }
  });

  it('reads the same eye openness whether the face is padded to a landscape or a portrait frame', async () => {
    const photo = await loadDemoPhoto('sample6.jpg');
    // Squashed upright so the eyes read half open: the openness is not clamped at 1 either way.
    const padded = (width: number, height: number): ImageBitmap => {
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#d8d4cc';
      ctx.fillRect(0, 0, width, height);
      ctx.drawImage(photo, 555, 250, 400, 440, (width - 360) / 2, (height - 240) / 2, 360, 240);
      return canvas.transferToImageBitmap();
    };
    const landscape = await bridge.analyzeFaceFrame(padded(640, 480));
    const portrait = await bridge.analyzeFaceFrame(padded(480, 640));
    photo.close();
    expect(landscape.faces).to.equal(1);
    expect(portrait.faces).to.equal(1);
    expect(landscape.eyeOpenness, 'not clamped').to.be.within(0.2, 0.99);
    // The iris model refines the lids on its own 64-px eye crops, sampled a little differently in
    // each frame shape: the two readings agree within 8 % of an open eye.
    expect(landscape.eyeOpenness).to.be.closeTo(portrait.eyeOpenness, 0.08);
  });

  it('counts every face of a group photo and refuses it', async () => {
    const photo = await loadDemoPhoto('sample6.jpg');
    const analysis = await bridge.analyzeFaceFrame(photo);
    expect(analysis.faces).to.be.at.least(3);
    expect(analysis.ok).to.equal(false);
    expect(analysis.issues).to.include('multiple-faces');
  });

  it('follows a moving face between detector runs and sees a cut to a group photo at once', async () => {
    const face = await singleFaceFrame();
    const shifted = (dx: number): ImageBitmap => {
      const canvas = new OffscreenCanvas(640, 480);
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#d8d4cc';
      ctx.fillRect(0, 0, 640, 480);
      ctx.drawImage(face, dx, 0);
      return canvas.transferToImageBitmap();
    };
    // Eight frames, 6 px apart: the detector runs on some, the mesh tracks the box on the others.
    const lefts: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const analysis = await bridge.analyzeFaceFrame(shifted(i * 6));
      expect(analysis.faces, `frame ${i}`).to.equal(1);
      lefts.push(analysis.box!.x);
    }
    expect(lefts[7]! - lefts[0]!, 'the box followed 42 px of movement').to.be.within(0.045, 0.09);

    const photo = await loadDemoPhoto('sample6.jpg');
    const group = new OffscreenCanvas(640, 480);
    group.getContext('2d')!.drawImage(photo, 0, 0, 640, 480);
    const analysis = await bridge.analyzeFaceFrame(group.transferToImageBitmap());
    expect(analysis.faces, 'a new scene runs the detector on its first frame').to.be.at.least(3);
  });
});
