/**
 * The demo app: it creates nothing itself. It receives a verification link (pasted, or a deep link
 * `…/v/{linkId}`), runs the flow with `IdvVerify.start()` and shows the result and the events.
 */
import { IdvVerify, IdvVerifyError, parseVerificationLink } from '@idv/capacitor';
import * as events from '@idv/verify/events/index.js';
import { receiveLinks } from './link-inbox.js';
import { setUpPermissions } from './permissions-panel.js';

/** Every event of the element but the live camera scores (`idv-quality`), too many to list. */
const eventNames = Object.values(events)
  .map((event) => event.eventName)
  .filter((name) => name !== 'idv-quality');

/** Readable words for the plugin's error codes. */
const outcomes: Record<string, string> = {
  CANCELLED: 'Verification cancelled.',
  EXPIRED: 'This link has expired.',
  LINK_ALREADY_USED: 'This link has already been used.',
  LINK_INACTIVE: 'This link is no longer active.',
  NETWORK_ERROR: 'The service could not be reached.',
  INVALID_ARGUMENT: 'This is not a verification link.',
  ALREADY_RUNNING: 'A verification is already open.',
};

/** An `<ion-input>`'s current text. */
function valueOf(doc: Document, id: string): string {
  return String((doc.getElementById(id) as HTMLElement & { value?: unknown }).value ?? '').trim();
}

/** Starts the app on `doc`. */
export async function startApp(doc: Document = document): Promise<void> {
  const form = doc.getElementById('link-form') as HTMLFormElement;
  const linkError = doc.getElementById('link-error')!;
  const resultList = doc.getElementById('result-list')!;
  const result = doc.getElementById('result')!;
  const events = doc.getElementById('events')!;
  const linkInput = doc.getElementById('link') as HTMLElement & { value?: string | null };
  const apiInput = doc.getElementById('api-base') as HTMLElement & { value?: string | null };
  apiInput.value = new URLSearchParams(location.search).get('apiBase') ?? '';

  const verify = async (linkUrl: string): Promise<void> => {
    linkError.textContent = '';
    if (!parseVerificationLink(linkUrl)) {
      linkError.textContent = 'Paste the verification link you received (…/v/{linkId}).';
      return;
    }
    const apiBase = valueOf(doc, 'api-base') || undefined;
    resultList.hidden = true;
    try {
      const { verificationId, status } = await IdvVerify.start({ linkUrl, apiBase, theme: 'auto' });
      result.textContent = `${status === 'success' ? 'Verified' : 'Not verified'} (${verificationId})`;
    } catch (error) {
      const code = error instanceof IdvVerifyError ? error.code : 'ERROR';
      result.textContent =
        outcomes[code] ?? (error instanceof Error ? error.message : String(error));
    }
    resultList.hidden = false;
  };
  // Wired before anything is awaited: a press must never fall through to a native form submit.
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void verify(valueOf(doc, 'link'));
  });

  for (const name of eventNames) {
    await IdvVerify.addListener(name as 'idv-ready', (detail: unknown) => {
      const line = doc.createElement('li');
      line.textContent = `${name} ${JSON.stringify(detail)}`;
      events.append(line);
      line.scrollIntoView({ block: 'nearest' });
    });
  }
  await setUpPermissions(doc);
  await receiveLinks((url) => {
    linkInput.value = url;
    void verify(url);
  });
}
