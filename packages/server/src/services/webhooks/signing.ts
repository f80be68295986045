import { createHmac } from 'node:crypto';

/**
 * Headers that authenticate one webhook attempt:
 * - `X-Signature-SHA256`: hex HMAC-SHA256 of the exact raw body, keyed with the account's
 *   `webhookSecret` (its UTF-8 bytes), as the spec says;
 * - Standard Webhooks (`webhook-id` stable across attempts, `webhook-timestamp` of this attempt,
 *   `webhook-signature: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`) with the same key,
 *   so receivers can also reject replays. With the `standardwebhooks` library:
 *   `new Webhook(webhookSecret, { format: 'raw' })`, or the secret `whsec_` + base64 of its bytes.
 */
export function signatureHeaders(
  secret: string,
  webhookId: string,
  body: string,
  nowMs: number,
): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000).toString();
  const hex = createHmac('sha256', secret).update(body, 'utf8').digest('hex');
  const standard = createHmac('sha256', secret)
    .update(`${webhookId}.${timestamp}.${body}`, 'utf8')
    .digest('base64');
  return {
    'x-signature-sha256': hex,
    'webhook-id': webhookId,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${standard}`,
  };
}
