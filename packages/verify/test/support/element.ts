/** Mounting `<idv-verify>` against a scenario and reading its screen. */
import { fixture, html } from '@open-wc/testing';
import { idvEventNames } from '../../dist/index.js';
import type { IdvVerify } from '../../dist/idv-verify.js';
import type { CaptureSource } from '../../dist/capture-source.js';
import {
  createScenario,
  waitFor,
  type RecordedRequest,
  type Scenario,
  type ScenarioHandle,
} from './double.js';
import { drawDocumentScene } from './images.js';

/** A mounted element, its scenario and the events it fired. */
export interface Mounted {
  el: IdvVerify;
  scenario: ScenarioHandle;
  events: CustomEvent[];
  /** Resolves when the element shows `step`. */
  step(step: string, timeoutMs?: number): Promise<void>;
  /** The shadow root. */
  root: ShadowRoot;
  text(): string;
  button(label: string | RegExp): HTMLButtonElement;
}

/** Mounts an element on a scenario (created here unless a handle is given). */
export async function mount(
  scenario: Scenario | ScenarioHandle = {},
  options: {
    source?: CaptureSource;
    /** The capture worker's script (the package's own without it). */
    workerUrl?: URL;
    attributes?: Record<string, string>;
    fingerprint?: boolean;
  } = {},
): Promise<Mounted> {
  const handle = 'apiBase' in scenario ? scenario : await createScenario(scenario);
  // A device that opened the session before keeps its token where the element looks (a reload).
  if (handle.sessionToken)
    sessionStorage.setItem(`idv-verify:${handle.linkId}`, handle.sessionToken);
  const events: CustomEvent[] = [];
  const container = await fixture<HTMLDivElement>(html`<div></div>`);
  const el = document.createElement('idv-verify') as IdvVerify;
  for (const name of idvEventNames) el.addEventListener(name, (e) => events.push(e as CustomEvent));
  if (options.source) el.captureSource = options.source;
  if (options.workerUrl) el.workerUrl = options.workerUrl;
  for (const [name, value] of Object.entries(options.attributes ?? {}))
    el.setAttribute(name, value);
  if (options.fingerprint) el.setAttribute('fingerprint-url', handle.fingerprintUrl);
  el.setAttribute('api-base', handle.apiBase);
  el.setAttribute('link-id', handle.linkId);
  container.append(el);
  const root = el.shadowRoot!;
  const mounted: Mounted = {
    el,
    scenario: handle,
    events,
    root,
    text: () => (root.textContent ?? '').replace(/\s+/g, ' '),
    async step(step, timeoutMs = 10000) {
      await waitFor(
        () => (el as unknown as { step: string }).step === step,
        timeoutMs,
        `step ${step}`,
      );
      await el.updateComplete;
    },
    button(label) {
      const buttons = [...root.querySelectorAll<HTMLButtonElement>('button, label.button')];
      const found = buttons.find((b) =>
        typeof label === 'string'
          ? b.textContent?.trim() === label || b.getAttribute('aria-label') === label
          : label.test(b.textContent ?? ''),
      );
      if (!found) throw new Error(`no button ${label} in: ${mounted.text()}`);
      return found as HTMLButtonElement;
    },
  };
  return mounted;
}

/** Accepts the terms on the welcome screen. */
export async function acceptTerms(m: Mounted): Promise<void> {
  await m.step('welcome');
  const checkbox = m.root.querySelector<HTMLInputElement>('input[type=checkbox]')!;
  checkbox.click();
  await m.el.updateComplete;
  m.root.querySelector<HTMLButtonElement>('.actions button')!.click();
}

/** Uploads a generated document photo through the file input of the current capture screen. */
export async function uploadPhoto(m: Mounted, blob: Blob): Promise<void> {
  const input = await waitFor(
    () => m.root.querySelector<HTMLInputElement>('input[type=file]'),
    10000,
    'file input',
  );
  const transfer = new DataTransfer();
  transfer.items.add(new File([blob], 'id', { type: blob.type || 'image/jpeg' }));
  input.files = transfer.files;
  input.dispatchEvent(new Event('change'));
  await waitFor(() => m.root.querySelector('.viewfinder img'), 5000, 'review image');
  await m.el.updateComplete;
}

/** A generated ID card photo (JPEG). */
export async function documentJpeg(width = 1280, height = 960): Promise<Blob> {
  return drawDocumentScene({ width, height }).canvas.convertToBlob({
    type: 'image/jpeg',
    quality: 0.9,
  });
}

/** Sends a document side by upload (a generated photo unless one is given) and confirms it. */
export async function sendDocument(
  m: Mounted,
  side: 'front' | 'back',
  photo?: Blob,
): Promise<void> {
  await m.step(side);
  await uploadPhoto(m, photo ?? (await documentJpeg()));
  m.button('Use this photo').click();
}

/** The requests of the element's scenario to `method` `path`, in order. */
export async function requestsTo(
  m: Mounted,
  method: string,
  path: string | RegExp,
): Promise<RecordedRequest[]> {
  const all = await m.scenario.requests();
  return all.filter(
    (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
  );
}

/** Events of one type, in order. */
export function eventsOf<T = unknown>(
  m: Mounted,
  type: string,
): (CustomEvent<T> & { detail: T })[] {
  return m.events.filter((e) => e.type === type) as (CustomEvent<T> & { detail: T })[];
}

export { waitFor };
