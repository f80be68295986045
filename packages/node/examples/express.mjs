// Five-minute integration with Express: create a link, receive the webhook, read the result.
// Run: IDV_BASE_URL=http://localhost:8080/api/v1 IDV_CLIENT_ID=… IDV_CLIENT_SECRET=… \
//      IDV_WEBHOOK_SECRET=… node examples/express.mjs
import express from 'express';
import { IdvClient } from '@idv/node';
import { idvExpressWebhook } from '@idv/node/webhooks';

const idv = new IdvClient({
  baseUrl: process.env.IDV_BASE_URL, // ends with /api/v1
  clientId: process.env.IDV_CLIENT_ID,
  clientSecret: process.env.IDV_CLIENT_SECRET,
});

const app = express();

// 1. Create a single-use link for your customer and send them to it.
app.post('/verify/:customerId', async (req, res) => {
  const link = await idv.links.create({
    type: 'FULL FLOW',
    externalUserId: req.params.customerId,
    metadata: { source: 'express-example' },
  });
  res.json({ linkUrl: link.linkUrl, verificationId: link.verificationId });
});

// 2. Receive the signed webhooks: raw body on this route (the signature covers the exact bytes).
app.post(
  '/webhooks/idv',
  express.raw({ type: 'application/json' }),
  idvExpressWebhook({
    secret: process.env.IDV_WEBHOOK_SECRET,
    async onEvent({ event, id }) {
      // 3. Read the result: the event says what happened, the record says everything.
      const result = await idv.verifications.get(event.data._verificationId);
      console.log(`webhook ${id}: ${event.type} → ${result._id} is ${result.status}`);
      if (result.status === 'success')
        console.log('verified:', result.data.firstNames, result.data.lastNames);
    },
  }),
);

const server = app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () =>
  console.log(`listening on http://127.0.0.1:${server.address().port}`),
);
