/**
 * The face models load in the worker while the person photographs the document, so that the selfie
 * step opens on the live face coaching, with no "preparing" screen; a selfie that comes first (no
 * document step) says it prepares the face check until they are loaded.
 *
 * The real camera (Chromium's fake one, a card), worker and models run. At the system edge, the
 * page's `Worker` is wrapped to watch its messages: the test knows when the worker has answered a
 * `prepareFaceDetection` call (Comlink's `APPLY` message and the answer of the same id), that is
 * when the document step has lasted long enough for the models to be loaded.
 */
import { expect } from '@open-wc/testing';
import { acceptTerms, eventsOf, mount, waitFor, type Mounted } from './support/element.js';
import { TestCaptureSource } from './support/test-capture-source.js';
import { en } from '../dist/i18n/en.js';

/** Comlink's message of a call, and its answer (same `id`). */
interface ComlinkMessage {
  id?: string;
  type?: string;
  path?: string[];
}

/** Answers to `prepareFaceDetection` calls seen from the page's workers. */
const preparations = { asked: new Set<string>(), answered: 0 };

/** Records the coach lines the element shows from now on (every render, not a sample). */
function watchScreen(m: Mounted): { seen: string[]; stop(): void } {
  const seen: string[] = [];
  const record = (): void => {
    const coach = m.root.querySelector('.coach')?.textContent?.trim();
    if (coach && seen.at(-1) !== coach) seen.push(coach);
  };
  const observer = new MutationObserver(record);
  observer.observe(m.root, { childList: true, subtree: true, characterData: true });
  record();
  return { seen, stop: () => observer.disconnect() };
}

describe('<idv-verify> face models', () => {
  const OriginalWorker = window.Worker;

  before(() => {
    class WatchedWorker extends OriginalWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener('message', (event: MessageEvent<ComlinkMessage>) => {
          const id = event.data?.id;
          if (id !== undefined && preparations.asked.delete(id)) preparations.answered += 1;
        });
      }

      override postMessage(
        message: unknown,
        options?: StructuredSerializeOptions | Transferable[],
      ): void {
        const call = message as ComlinkMessage;
        if (call?.type === 'APPLY' && call.path?.[0] === 'prepareFaceDetection' && call.id) {
          preparations.asked.add(call.id);
        }
        super.postMessage(message, options as StructuredSerializeOptions);
      }
    }
    window.Worker = WatchedWorker;
  });

  after(() => {
    window.Worker = OriginalWorker;
  });

  it('are ready when the selfie step opens after the document: live coaching, no preparing screen', async () => {
    preparations.answered = 0;
    const m = await mount({ session: { type: 'FULL FLOW' } });
    await acceptTerms(m);
    for (const side of ['front', 'back'] as const) {
      await m.step(side);
      await waitFor(() => m.root.querySelector('.viewfinder img'), 20000, `${side} auto capture`);
      if (side === 'back') {
        // The document step lasted long enough: the worker has loaded the models.
        await waitFor(() => preparations.answered > 0, 30000, 'the face models loaded');
      }
      m.button('Use this photo').click();
    }
    const screen = watchScreen(m);
    await m.step('selfie');
    await waitFor(
      () => eventsOf<{ kind: string }>(m, 'idv-quality').some((e) => e.detail.kind === 'selfie'),
      15000,
      'the first face analysis',
    );
    await waitFor(() => screen.seen.includes(en.faceCoach['no-face']), 5000, 'the face coaching');
    screen.stop();
    expect(screen.seen, 'the selfie screen never waits for the models').not.to.include(
      en.preparingFaceCheck,
    );
    m.el.remove();
  });

  it('are loaded when a selfie comes first, the screen saying so meanwhile', async () => {
    const empty = new OffscreenCanvas(640, 480);
    const ctx = empty.getContext('2d')!;
    ctx.fillStyle = '#d8d4cc';
    ctx.fillRect(0, 0, 640, 480);
    const m = await mount(
      { session: { method: 'FACE' } },
      { source: new TestCaptureSource({ scene: empty }) },
    );
    const screen = watchScreen(m);
    await acceptTerms(m);
    await waitFor(() => screen.seen.includes(en.faceCoach['no-face']), 30000, 'the face coaching');
    screen.stop();
    const preparing = screen.seen.indexOf(en.preparingFaceCheck);
    expect(preparing, 'the preparing screen').to.be.at.least(0);
    expect(preparing, 'before the coaching').to.be.below(
      screen.seen.indexOf(en.faceCoach['no-face']),
    );
    m.el.remove();
  });
});
