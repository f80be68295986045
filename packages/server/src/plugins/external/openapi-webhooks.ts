import {
  VERIFICATION_EVENT_DESCRIPTIONS,
  VERIFICATION_EVENT_TYPES,
  WebhookEvents,
} from '@idv/contract';

/** The headers of every delivery (see `services/webhooks/signing.ts`). */
const SIGNATURE_HEADERS = [
  {
    name: 'X-Signature-SHA256',
    description:
      "Hex HMAC-SHA256 of the exact raw body, keyed with the account's `webhookSecret`. Verify it on the raw bytes, in constant time.",
    schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  },
  {
    name: 'webhook-id',
    description:
      'Standard Webhooks: id of the delivery, the same on every attempt (deduplicate on it).',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    description: 'Standard Webhooks: Unix seconds of this attempt (refuse stale ones).',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    description:
      'Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the same secret.',
    schema: { type: 'string' },
  },
].map((header) => ({ ...header, in: 'header', required: true }));

/**
 * The `webhooks` of the OpenAPI 3.1 document: one entry per event type, the POST the service sends
 * to every endpoint of the account, with its signed headers and the event's payload schema from
 * `@idv/contract`.
 */
export function openApiWebhooks(): Record<string, object> {
  return Object.fromEntries(
    VERIFICATION_EVENT_TYPES.map((type) => {
      return [
        type,
        {
          post: {
            tags: ['Webhooks'],
            summary: type,
            description: `${VERIFICATION_EVENT_DESCRIPTIONS[type]} Sent to every webhook endpoint of the account; up to 3 attempts, 100 ms apart; the same event may arrive more than once.`,
            parameters: SIGNATURE_HEADERS,
            requestBody: {
              required: true,
              content: { 'application/json': { schema: WebhookEvents[type] } },
            },
            responses: {
              '200': {
                description:
                  'Received. 200, 201, 202 and 204 stop the attempts; any other answer, a timeout or a redirect uses one.',
              },
            },
          },
        },
      ];
    }),
  );
}
