/**
 * Reading and driving the flow that `IdvVerify.start()` shows: the `<idv-verify>` inside the
 * plugin's full-screen dialog, the events it fires, and test photos for the camera double.
 */
import type { IdvVerify as IdvVerifyElement } from '@idv/verify';
import { drawDocumentScene, waitFor } from '@idv/verify/testing';
import { idvEventNames as idvEvents } from '../../dist/internal/events.js';

export { idvEvents, waitFor };

/** One recorded event. */
export interface Recorded {
  type: string;
  detail: unknown;
  defaultPrevented: boolean;
}

/** Records the `idv-*` events reaching the document (they are composed: they leave the dialog). */
export function recordDocumentEvents(): { events: Recorded[]; stop(): void } {
  const events: Recorded[] = [];
  const listener = (event: Event): void => {
    // Read after the other listeners ran (the plugin prevents idv-complete's redirect).
    queueMicrotask(() =>
      events.push({
        type: event.type,
        detail: (event as CustomEvent).detail,
        defaultPrevented: event.defaultPrevented,
      }),
    );
  };
  for (const name of idvEvents) document.addEventListener(name, listener);
  return {
    events,
    stop: () => idvEvents.forEach((name) => document.removeEventListener(name, listener)),
  };
}

/** The plugin's overlay host in `doc`, when a flow is open. */
export function overlayHost(doc: Document = document): HTMLElement | null {
  return doc.querySelector<HTMLElement>('[data-idv-flow]');
}

/** The screen of the open flow. */
export class FlowScreen {
  constructor(readonly el: IdvVerifyElement) {}

  /** Waits for the element of the flow open in `doc`. */
  static async open(doc: Document = document): Promise<FlowScreen> {
    const el = await waitFor(
      () => overlayHost(doc)?.shadowRoot?.querySelector('idv-verify') as IdvVerifyElement | null,
      10000,
      'the flow overlay',
    );
    return new FlowScreen(el);
  }

  get root(): ShadowRoot {
    return this.el.shadowRoot!;
  }

  /** The dialog's own controls (Close, Open Settings) that are shown. */
  overlayButtons(): string[] {
    const host = overlayHost(this.el.ownerDocument);
    const buttons = host?.shadowRoot?.querySelectorAll<HTMLButtonElement>('.bar button');
    return [...(buttons ?? [])].filter((b) => !b.hidden).map((b) => b.textContent ?? '');
  }

  text(): string {
    return (this.root.textContent ?? '').replace(/\s+/g, ' ');
  }

  /** Resolves when the element shows `step`. */
  async step(step: string, timeoutMs = 10000): Promise<void> {
    await waitFor(
      () => (this.el as unknown as { step: string }).step === step,
      timeoutMs,
      `step ${step}`,
    );
    await this.el.updateComplete;
  }

  /** A button by its visible text or label. */
  button(label: string | RegExp): HTMLElement {
    const all = [...this.root.querySelectorAll<HTMLElement>('button, label.button')];
    const found = all.find((b) =>
      typeof label === 'string'
        ? b.textContent?.trim() === label || b.getAttribute('aria-label') === label
        : label.test(b.textContent ?? ''),
    );
    if (!found) throw new Error(`no button ${label} in: ${this.text()}`);
    return found;
  }

  /** Clicks a button once it is there. */
  async click(label: string | RegExp): Promise<void> {
    const button = await waitFor(
      () => {
        try {
          return this.button(label);
        } catch {
          return null;
        }
      },
      10000,
      `button ${label}`,
    );
    button.click();
    await this.el.updateComplete;
  }

  /** Accepts the terms on the welcome screen (`start`: the Start button in the flow's language). */
  async acceptTerms(start = 'Start'): Promise<void> {
    await this.step('welcome');
    this.root.querySelector<HTMLInputElement>('input[type=checkbox]')!.click();
    await this.el.updateComplete;
    await this.click(start);
  }
}

/** A synthetic ID card photo, as JPEG. */
export function documentJpeg(width = 1280, height = 960): Promise<Blob> {
  return drawDocumentScene({ width, height }).canvas.convertToBlob({
    type: 'image/jpeg',
    quality: 0.9,
  });
}

/** Base64 of a blob, as the Camera plugin answers photos. */
export async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
