/**
 * The person's device, driving the real public flow API as the verification element does: opens
 * a link (`verification.started`), accepts the terms, and uploads a document front. Used by the
 * SDK's tests to produce real webhook events and stored images.
 */

/** A real 96×96 JPEG (solid colour), as small as a capture the server accepts may be. */
export const SAMPLE_JPEG = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCABgAGADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAUG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AmgNEmAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAP/9k=',
  'base64',
);

/** `meta` of a camera capture of a document, as the element sends it. */
const DOCUMENT_META = {
  source: 'camera',
  quality: { blur: 182.4, brightness: 0.61, glare: 0.004, fill: 0.42, score: 0.87 },
  width: 96,
  height: 96,
  autoCaptured: true,
};

/** A device session on one link. */
export interface Device {
  sessionToken: string;
  /** `POST /flow/terms` (accepted). */
  acceptTerms(): Promise<Response>;
  /** `POST /flow/captures/front` with {@link SAMPLE_JPEG}. */
  uploadFront(): Promise<Response>;
}

/**
 * Opens `linkId` like the person's browser (`POST /flow/sessions`): the verification becomes
 * `started` and the service emits `verification.started`.
 */
export async function openDevice(baseUrl: string, linkId: string): Promise<Device> {
  const opened = await fetch(`${baseUrl}/flow/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId }),
  });
  if (opened.status !== 201)
    throw new Error(`opening the link answered ${opened.status}: ${await opened.text()}`);
  const { sessionToken } = (await opened.json()) as { sessionToken: string };
  const headers = { 'x-flow-session': sessionToken };
  return {
    sessionToken,
    acceptTerms: () =>
      fetch(`${baseUrl}/flow/terms`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ accepted: true }),
      }),
    uploadFront: () => {
      const form = new FormData();
      form.set('meta', JSON.stringify(DOCUMENT_META));
      form.set('image', new Blob([SAMPLE_JPEG], { type: 'image/jpeg' }), 'front.jpg');
      return fetch(`${baseUrl}/flow/captures/front`, { method: 'POST', headers, body: form });
    },
  };
}
