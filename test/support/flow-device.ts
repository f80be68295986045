/**
 * A person's device driving the flow API over HTTP as `<idv-verify>` does, without a browser:
 * opens the link's session, accepts the terms, chooses the document, and uploads a capture.
 */

/** `meta` of a camera capture of a document, as the element sends it. */
const DOCUMENT_META = {
  source: 'camera',
  quality: { blur: 182.4, brightness: 0.61, glare: 0.004, fill: 0.42, score: 0.87 },
  width: 1280,
  height: 960,
  autoCaptured: true,
};

/** What a capture answered. */
export interface CaptureAnswer {
  accepted: boolean;
  status: string;
  step: string;
  next: string;
  error?: unknown;
}

async function call(url: string, init: RequestInit, expected: number): Promise<unknown> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (response.status !== expected)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text}`);
  return text === '' ? undefined : JSON.parse(text);
}

/**
 * Completes a passport verification: the data page (a JPEG) is the one capture. Answers the
 * capture's result (`status: success` when the page was read and passed).
 */
export async function completePassport(
  apiBase: string,
  linkId: string,
  page: Buffer,
): Promise<CaptureAnswer> {
  const json = { 'content-type': 'application/json' };
  const { sessionToken } = (await call(
    `${apiBase}/flow/sessions`,
    { method: 'POST', headers: json, body: JSON.stringify({ linkId }) },
    201,
  )) as { sessionToken: string };
  const session = { 'x-flow-session': sessionToken };
  await call(
    `${apiBase}/flow/terms`,
    { method: 'POST', headers: { ...json, ...session }, body: JSON.stringify({ accepted: true }) },
    200,
  );
  await call(
    `${apiBase}/flow/document-type`,
    {
      method: 'POST',
      headers: { ...json, ...session },
      body: JSON.stringify({ documentType: 'PASSPORT' }),
    },
    200,
  );
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(page)], { type: 'image/jpeg' }), 'front.jpg');
  form.set('meta', JSON.stringify(DOCUMENT_META));
  return (await call(
    `${apiBase}/flow/captures/front`,
    { method: 'POST', headers: session, body: form },
    200,
  )) as CaptureAnswer;
}
