/**
 * The person in front of the phone: what they do on each screen of `<idv-verify>` (inside its
 * shadow root), with a screenshot of every screen they see. The camera shows whatever scene the
 * test puts in front of it; each capture step ends by putting the next scene there, while the
 * element has no camera open (review screen), so the next `getUserMedia` films it.
 */
import type { ElementEvent, VerificationPage } from './browser.js';

/** The `idv-capture` detail (DESIGN §6). */
export interface CaptureAnswer {
  kind: string;
  source: string;
  accepted: boolean;
  remainingRetries: number;
  next: string;
  error?: { code: string; message: string };
}

const inElement = (selector: string) => `idv-verify >>> ${selector}`;

/**
 * Waits until `selector` matches inside the element's shadow root. (Polled: puppeteer's
 * `waitForSelector` watches the document's mutations, which do not include a shadow root's.)
 */
async function waitInElement(
  run: VerificationPage,
  selector: string,
  timeoutMs = 30_000,
): Promise<void> {
  await run.page.waitForFunction(
    (inner) => document.querySelector('idv-verify')?.shadowRoot?.querySelector(inner) != null,
    { polling: 100, timeout: timeoutMs },
    selector,
  );
}

/** Drives one verification page. */
export class Person {
  constructor(
    private readonly run: VerificationPage,
    /** Puts a scene (y4m video) in front of the camera. */
    private readonly showOnCamera: (video: Buffer) => Promise<void>,
    /** Prefix of this scenario's screenshots. */
    private readonly name: string,
  ) {}

  private shoot(screen: string): Promise<void> {
    return this.run.screenshot(`${this.name}-${screen}`);
  }

  private async step(step: string): Promise<ElementEvent> {
    return this.run.waitForEvent('idv-step-change', (e) => e.detail.step === step);
  }

  /** Accepts the terms on the welcome screen and shares the location if asked. */
  async start(): Promise<void> {
    await this.step('welcome');
    await this.shoot('welcome');
    await this.run.page.locator(inElement('input[type=checkbox]')).click();
    const since = Date.now();
    await this.run.page.locator(inElement('.actions button')).click();
    const next = await this.run.waitForEvent(
      'idv-step-change',
      (e) => e.detail.previous === 'welcome',
      30_000,
      since,
    );
    if (next.detail.step === 'location') {
      await this.shoot('location');
      // The first action of the location screen shares it.
      await this.run.page.locator(inElement('.actions button')).click();
    }
  }

  /**
   * Chooses the document on the document step (ID card or passport), after a look at the choice.
   */
  async chooseDocument(documentType: 'ID_CARD' | 'PASSPORT'): Promise<void> {
    await this.step('document');
    const choice = `button.choice[data-document-type=${documentType}]`;
    await waitInElement(this.run, choice);
    await this.shoot('document');
    await this.run.page.locator(inElement(choice)).click();
  }

  /**
   * Holds the document (already on camera) until the element takes the photo by itself, reviews
   * it, puts `nextScene` in front of the camera, and sends the photo. Answers the service's verdict.
   */
  async captureDocument(side: 'front' | 'back', nextScene: Buffer): Promise<CaptureAnswer> {
    await this.step(side);
    await waitInElement(this.run, '[part=viewfinder] video', 20_000);
    await this.shoot(`${side}-live`);
    try {
      // No manual button: the element must capture on its own (it offers one after 8 s).
      await waitInElement(this.run, '[part=retake-button]', 20_000);
    } catch (error) {
      await this.shoot(`${side}-not-captured`);
      throw new Error(
        `the element did not capture the ${side} by itself; last scores: ${JSON.stringify(await this.run.lastQuality())}`,
        { cause: error },
      );
    }
    await this.shoot(`${side}-review`);
    await this.showOnCamera(nextScene);
    const since = Date.now();
    await this.run.page.locator(inElement('.actions button:not([part])')).click();
    const answer = await this.run.waitForEvent(
      'idv-capture',
      (e) => e.detail.kind === side,
      60_000,
      since,
    );
    return answer.detail as unknown as CaptureAnswer;
  }

  /** Reads the retry screen (the service's reason and the attempts left), then tries again. */
  async retry(side: 'front' | 'back'): Promise<{ reason: string; attemptsLeft: string }> {
    await waitInElement(this.run, '[part=error]');
    await this.shoot(`${side}-retry`);
    const text = (selector: string) =>
      this.run.page.$eval(inElement(selector), (node) => node.textContent?.trim() ?? '');
    const screen = {
      reason: await text('[part=error]'),
      attemptsLeft: await text('[part=error] + .muted'),
    };
    await this.run.page.locator(inElement('.actions button')).click();
    return screen;
  }

  /** Faces the camera and follows the challenge until the element sends the selfie. */
  async takeSelfie(): Promise<CaptureAnswer> {
    const started = await this.step('selfie');
    await this.run.page.waitForFunction(
      (selector) => {
        const root = document.querySelector('idv-verify')?.shadowRoot;
        return /turn|blink/i.test(root?.querySelector(selector)?.textContent ?? '');
      },
      { timeout: 30_000 },
      '.coach',
    );
    await this.shoot('selfie-challenge');
    const answer = await this.run.waitForEvent(
      'idv-capture',
      (e) => e.detail.kind === 'selfie',
      60_000,
      started.at,
    );
    return answer.detail as unknown as CaptureAnswer;
  }

  /** Waits for the result screen and answers `idv-complete`'s status and the screen's heading. */
  async result(): Promise<{ status: string; heading: string }> {
    const complete = await this.run.waitForEvent('idv-complete', undefined, 60_000);
    await this.step('result');
    await waitInElement(this.run, '.hero + h2');
    await this.shoot('result');
    const heading = await this.run.page.$eval(
      inElement('.hero + h2'),
      (node) => node.textContent?.trim() ?? '',
    );
    return { status: String(complete.detail.status), heading };
  }
}
