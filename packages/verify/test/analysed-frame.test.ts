/**
 * The picture sent is the very frame the worker analysed, and its metadata describes it. The
 * capture source answers two scenes in turn, one per grab, each with a colour mark in its corner
 * and a difference the worker measures (the document's exposure, the face's position): a photo
 * grabbed after its analysis would be the other scene, and carry the other mark.
 */
import { expect } from '@open-wc/testing';
import {
  grabAnalysedFrame,
  isUsable,
  releaseAnalysedFrame,
} from '../dist/internal/capture/analysed-frame.js';
import type { RecordedFile } from './support/double.js';
import { acceptTerms, eventsOf, mount, requestsTo, waitFor } from './support/element.js';
import { drawDocumentScene, singleFaceFrame } from './support/images.js';
import { TestCaptureSource } from './support/test-capture-source.js';

type Mark = 'red' | 'blue';

/** Paints the scene's mark: a solid square in the top-left corner, away from card and face. */
function mark(canvas: OffscreenCanvas, colour: Mark): OffscreenCanvas {
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = colour === 'red' ? '#ff0000' : '#0000ff';
  ctx.fillRect(0, 0, 48, 48);
  return canvas;
}

/** Decodes a sent image: its size and the mark in its corner. */
async function readSent(file: RecordedFile): Promise<{ width: number; mark: Mark }> {
  const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: file.type }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d')!;
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  const [r, , b] = ctx.getImageData(24, 24, 1, 1).data;
  expect(Math.abs(r! - b!), 'a mark in the corner').to.be.above(150);
  return { width: canvas.width, mark: r! > b! ? 'red' : 'blue' };
}

/** A 1280×960 selfie scene: the test face moved `dx` px sideways, with its mark. */
async function faceScene(dx: number, colour: Mark): Promise<OffscreenCanvas> {
  const face = await singleFaceFrame();
  const canvas = new OffscreenCanvas(1280, 960);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#d8d4cc';
  ctx.fillRect(0, 0, 1280, 960);
  ctx.drawImage(face, dx, 0, 1280, 960);
  return mark(canvas, colour);
}

describe('<idv-verify> sends the analysed frame', () => {
  it('auto-captures the document frame whose quality it sends, at full resolution', async () => {
    const bright = mark(drawDocumentScene({ width: 1280, height: 960 }).canvas, 'red');
    const dim = mark(drawDocumentScene({ width: 1280, height: 960, exposure: 0.8 }).canvas, 'blue');
    const source = new TestCaptureSource({ scene: bright, grabScenes: [bright, dim] });
    const m = await mount({ session: { type: 'ID ONLY' } }, { source });
    await acceptTerms(m);
    await m.step('front');
    await waitFor(() => m.root.querySelector('.viewfinder img'), 20000, 'auto capture');
    m.button('Use this photo').click();
    await m.step('back');
    const [front] = await requestsTo(m, 'POST', '/flow/captures/front');
    const meta = JSON.parse(front!.form!.meta as string);
    expect(meta).to.include({ source: 'camera', autoCaptured: true });
    // The worker saw both scenes; which one the sent quality belongs to is told by its brightness.
    const seen = eventsOf<{ document?: { brightness: number } }>(m, 'idv-quality')
      .map((e) => e.detail.document?.brightness)
      .filter((b): b is number => b !== undefined);
    const middle = (Math.min(...seen) + Math.max(...seen)) / 2;
    expect(Math.max(...seen) - Math.min(...seen), 'the two scenes differ').to.be.above(0.05);
    const analysed: Mark = meta.quality.brightness > middle ? 'red' : 'blue';
    const sent = await readSent((front!.form!.image as RecordedFile[])[0]!);
    expect(sent.width, 'full resolution').to.equal(1280);
    expect(sent.mark, 'the photo sent is the frame analysed').to.equal(analysed);
  });

  it('keeps the selfie frames it analysed, at full resolution, with their own pose', async () => {
    const left = await faceScene(-40, 'red');
    const right = await faceScene(40, 'blue');
    const source = new TestCaptureSource({ scene: left, grabScenes: [left, right] });
    const m = await mount({ session: { method: 'FACE' } }, { source });
    await acceptTerms(m);
    await m.step('selfie');
    await m.step('result', 40000);
    const [selfie] = await requestsTo(m, 'POST', '/flow/captures/selfie');
    const meta = JSON.parse(selfie!.form!.meta as string);
    const files = selfie!.form!.frames as RecordedFile[];
    expect(meta.frames.length, 'a pose per frame sent').to.equal(files.length);
    expect(files.length).to.be.within(1, 5);
    // Each pose sent is one the worker measured; the face's position in that analysis tells the
    // scene it looked at.
    const analyses = eventsOf<{
      face?: { yaw: number; pitch: number; eyeOpenness: number; box: { x: number } | null };
    }>(m, 'idv-quality')
      .map((e) => e.detail.face)
      .filter((f) => f?.box);
    const xs = analyses.map((f) => f!.box!.x);
    const middle = (Math.min(...xs) + Math.max(...xs)) / 2;
    expect(Math.max(...xs) - Math.min(...xs), 'the two scenes differ').to.be.above(0.03);
    for (const [i, pose] of (
      meta.frames as { yaw: number; pitch: number; eyeOpenness: number }[]
    ).entries()) {
      const measured = analyses.filter(
        (f) =>
          f!.yaw === pose.yaw &&
          f!.pitch === pose.pitch &&
          // The worker's openness is not capped at 1; the upload's meta clamps it to 0–1.
          Math.min(1, f!.eyeOpenness) === pose.eyeOpenness,
      );
      expect(measured.length, `frame ${i}: its pose was measured`).to.be.above(0);
      const scenes = new Set(measured.map((f) => (f!.box!.x < middle ? 'red' : 'blue')));
      expect(scenes.size, `frame ${i}: one scene has this pose`).to.equal(1);
      const sent = await readSent(files[i]!);
      expect(sent.width, `frame ${i}: full resolution`).to.equal(1280);
      expect(sent.mark, `frame ${i}: the frame sent is the frame analysed`).to.equal(
        [...scenes][0],
      );
    }
  });

  it('sends the selfie frames’ own pixels when the worker takes them and cannot encode them', async () => {
    const left = await faceScene(-40, 'red');
    const right = await faceScene(40, 'blue');
    const source = new TestCaptureSource({ scene: left, grabScenes: [left, right] });
    const workerUrl = new URL('./support/worker-without-jpeg-encoder.js', import.meta.url);
    const m = await mount({ session: { method: 'FACE' } }, { source, workerUrl });
    await acceptTerms(m);
    await m.step('selfie');
    await m.step('result', 40000);
    const [selfie] = await requestsTo(m, 'POST', '/flow/captures/selfie');
    const files = selfie!.form!.frames as RecordedFile[];
    expect(files.length).to.be.within(1, 5);
    // Encoded on the main thread from the bitmaps the worker handed back: the kept frames' size
    // and their scenes' marks, not the empty bitmaps the worker's transfer left behind.
    for (const file of files) expect((await readSent(file)).width).to.equal(1280);
  });
});

describe('releaseAnalysedFrame', () => {
  it('closes the kept frame and its analysis copy, even once the copy went to the worker', async () => {
    const scene = drawDocumentScene({ width: 1280, height: 960 }).canvas;
    const camera = await new TestCaptureSource({ scene }).openCamera();
    try {
      const dropped = await grabAnalysedFrame(camera);
      expect([dropped.full.width, dropped.forAnalysis.width]).to.deep.equal([1280, 640]);
      releaseAnalysedFrame(dropped);
      expect(isUsable(dropped.full), 'kept frame closed').to.equal(false);
      expect(isUsable(dropped.forAnalysis), 'analysis copy closed').to.equal(false);

      // The analysis copy handed over (as to the worker): releasing still closes the kept frame.
      const analysed = await grabAnalysedFrame(camera);
      structuredClone(analysed.forAnalysis, { transfer: [analysed.forAnalysis] }).close();
      releaseAnalysedFrame(analysed);
      expect(isUsable(analysed.full), 'kept frame closed').to.equal(false);

      // A grab that failed leaves no frame: nothing to release, nothing thrown.
      releaseAnalysedFrame(undefined);
    } finally {
      camera.stop();
    }
  });
});
