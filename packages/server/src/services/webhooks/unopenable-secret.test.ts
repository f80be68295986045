import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../lib/secrets.js';
import { createLink } from '../../testing/harness.js';
import { createWebhookTestApp } from '../../testing/webhook-receiver.js';
import { UNOPENABLE_SECRET } from './delivery-attempt.js';
import { sendWebhook } from './sender.js';

/** Issue 19, "Data hygiene": deliveries that cannot be signed end, and only https goes out. */
describe('webhook delivery without a usable secret', () => {
  it('records a failed attempt when the secret was sealed with another deployment key, instead of looping', async () => {
    const { test, account, receiver, endpointId } = await createWebhookTestApp({
      start: new Date(),
    });
    try {
      // The secret as another deployment (another IDV_SECRET_KEY) sealed it.
      const foreign = new SecretBox(randomBytes(32));
      await test.services.context.database.db
        .updateTable('users')
        .set({
          webhook_secret_sealed: foreign.seal('whsec', `users.webhook_secret:${account.userId}`),
        })
        .where('id', '=', account.userId)
        .execute();
      const link = await createLink(test, account.token);
      const opened = await test.inject({
        method: 'POST',
        url: '/api/v1/flow/sessions',
        payload: { linkId: link.linkId },
      });
      expect(opened.statusCode).toBe(201);
      let delivery: { status: string; attempts: { error: string | null }[] } | undefined;
      for (let i = 0; i < 100 && delivery?.status !== 'failed'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        delivery = (
          await test.inject({
            method: 'GET',
            url: `/api/v1/webhook-endpoints/${endpointId}/deliveries`,
            token: account.token,
          })
        ).json().data[0];
      }
      expect(delivery?.status).toBe('failed');
      expect(delivery!.attempts.map((a) => a.error)).toEqual([
        UNOPENABLE_SECRET,
        UNOPENABLE_SECRET,
        UNOPENABLE_SECRET,
      ]);
      expect(receiver.received).toHaveLength(0);
      // Nothing left leased or due: the worker does not come back to it.
      const open = await test.services.context.database.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .execute();
      expect(open).toEqual([]);
    } finally {
      await receiver.close();
      await test.close();
    }
  });

  it('sends only to https unless private targets are allowed', async () => {
    const refused = await sendWebhook({
      url: 'http://93.184.216.34/hook',
      body: '{}',
      headers: {},
      timeoutMs: 1000,
      allowPrivate: false,
    });
    expect(refused).toMatchObject({
      success: false,
      statusCode: null,
      error: 'url must use https',
    });
  });
});
