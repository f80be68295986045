import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, WebhookVerificationError } from './webhooks/index.js';

const body = JSON.stringify({
  type: 'verification.successful',
  data: {
    _verificationId: '5b1c7f7e-4d3a-4c55-9d7e-1f9f3f0c2a11',
    _externalUserId: '',
    _metadata: {},
  },
});

/** Interoperability with the Standard Webhooks reference library (an independent implementation). */
describe('Standard Webhooks interoperability', () => {
  it('the reference library verifies what signWebhook signs (raw-key secret)', async () => {
    const headers = await signWebhook(body, 'a-webhook-secret');
    const reference = new Webhook('a-webhook-secret', { format: 'raw' });
    expect(reference.verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('verifyWebhook accepts what the reference library signs, with a whsec_ secret', async () => {
    const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
    const reference = new Webhook(secret);
    const id = 'msg_2b7dQ';
    const at = new Date();
    const signature = reference.sign(id, at, body);
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': `v1,AAAA ${signature}`,
    };
    const { event } = await verifyWebhook(body, headers, secret);
    expect(event.type).toBe('verification.successful');
    const wrong = await verifyWebhook(body, headers, 'whsec_AAAAAAAA').catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(WebhookVerificationError);
  });
});
