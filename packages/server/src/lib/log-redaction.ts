/**
 * What a logged URL must not carry: capabilities. A `linkId` opens a person's verification flow
 * (`/v/{linkId}`, the status poll's `linkId=`, the flow API), a hand-off token moves it to another
 * device. Access logs keep the route shape and drop the values.
 */

/** Query parameters whose values are capabilities. */
const SECRET_QUERY_PARAMETERS = /([?&](?:handoff|handoffToken|token|linkId)=)[^&#]*/gi;

/** Path segments that are link ids: the end-user page `/v/{linkId}` and `/links/{linkId}`. */
const LINK_ID_SEGMENTS = /(\/(?:v|links)\/)[^/?#]+/g;

/** Cut out of a request URL every capability it may carry (see the header comment). */
export function redactUrlForLog(url: string): string {
  return url
    .replace(LINK_ID_SEGMENTS, '$1[redacted]')
    .replace(SECRET_QUERY_PARAMETERS, '$1[redacted]');
}
