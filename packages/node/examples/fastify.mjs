// Five-minute integration with Fastify: create a link, receive the webhook, read the result.
// Run: IDV_BASE_URL=http://localhost:8080/api/v1 IDV_CLIENT_ID=… IDV_CLIENT_SECRET=… \
//      IDV_WEBHOOK_SECRET=… node examples/fastify.mjs
import Fastify from 'fastify';
import { IdvClient } from '@idv/node';
import { idvWebhookRoutes } from '@idv/node/webhooks';

const idv = new IdvClient({
  baseUrl: process.env.IDV_BASE_URL, // ends with /api/v1
  clientId: process.env.IDV_CLIENT_ID,
  clientSecret: process.env.IDV_CLIENT_SECRET,
});

const app = Fastify();

// 1. Create a single-use link for your customer and send them to it.
app.post('/verify/:customerId', async (request) => {
  const link = await idv.links.create({
    type: 'FULL FLOW',
    externalUserId: request.params.customerId,
    metadata: { source: 'fastify-example' },
  });
  return { linkUrl: link.linkUrl, verificationId: link.verificationId };
});

// 2. Receive the signed webhooks (the plugin reads JSON as raw bytes in its own context only).
await app.register(idvWebhookRoutes, {
  path: '/webhooks/idv',
  secret: process.env.IDV_WEBHOOK_SECRET,
  async onEvent({ event, id }) {
    // 3. Read the result: the event says what happened, the record says everything.
    const result = await idv.verifications.get(event.data._verificationId);
    console.log(`webhook ${id}: ${event.type} → ${result._id} is ${result.status}`);
    if (result.status === 'success')
      console.log('verified:', result.data.firstNames, result.data.lastNames);
  },
});

const address = await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' });
console.log(`listening on ${address}`);
