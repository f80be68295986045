import {
  faceCapture,
  generateIdentity,
  genuineChallenge,
  stillReplay,
  type ChallengeScene,
  renderDocument,
  screenReplay,
  type Identity,
} from '@idv/analysis/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../lib/clock.js';
import { createLink, type TestAccount, type TestApp } from '../testing/harness.js';
import { DOCUMENT_META, multipart, openDevice } from '../testing/flow-client.js';
import {
  createWebhookTestApp,
  verifyReceivedWebhook,
  type WebhookReceiver,
} from '../testing/webhook-receiver.js';

/**
 * Whole verifications over HTTP with documents and faces generated at test time, analysed by the
 * real in-process engine (models load once for this file), every event through a real receiver
 * on loopback with both signatures verified.
 */
describe('capture flow end to end (in-process analysis)', () => {
  let test: TestApp;
  let account: TestAccount;
  let receiver: WebhookReceiver;
  let ana: Identity;
  let images: Record<string, Buffer>;
  let selfies: Record<string, ChallengeScene>;

  beforeAll(async () => {
    ({ test, account, receiver } = await createWebhookTestApp());
    ana = generateIdentity(7);
    const bruno = generateIdentity(11);
    // Another person of the same demo photo as Ana's face (faces of one photo are different people).
    const other = ana.faceIndex === 0 ? 1 : 0;
    const [front, back, tampered, passport, passportBack] = await Promise.all([
      renderDocument(ana, { kind: 'id-card', side: 'front', degrade: 'photo' }),
      renderDocument(ana, { kind: 'id-card', side: 'back', degrade: 'photo' }),
      renderDocument(ana, { kind: 'id-card', side: 'back', tamperCheckDigit: 'documentNumber' }),
      renderDocument(bruno, { kind: 'passport', side: 'front' }),
      renderDocument(bruno, { kind: 'passport', side: 'back' }),
    ]);
    images = {
      front: front.image,
      back: back.image,
      tamperedBack: tampered.image,
      passport: passport.image,
      passportBack: passportBack.image,
      selfie: await faceCapture(ana.faceIndex, { seed: 'selfie' }),
    };
    selfies = {
      selfie: await genuineChallenge(ana.faceIndex, 'turn-left'),
      otherSelfie: await genuineChallenge(ana.faceIndex, 'turn-left', { width: 1080 }),
      impostor: await genuineChallenge(other, 'turn-right'),
      // Ana's face (sample 1) and sample 0 share demo photo 1; their rendered challenges read
      // clearly (`npm run bench:liveness`).
      replay: stillReplay('turn-right', await screenReplay(ana.faceIndex, 1)),
    };
  }, 120_000);
  afterAll(async () => {
    await test.close();
    await receiver.close();
  });

  const link = (body: Record<string, unknown>) => createLink(test, account.token, body);
  const start = async (body: Record<string, unknown>) => {
    const created = await link(body);
    const device = await openDevice(test, created.linkId);
    expect((await device.post('/terms', { accepted: true })).statusCode).toBe(200);
    return { ...created, device };
  };
  const record = async (verificationId: string) =>
    (
      await test.inject({
        method: 'GET',
        url: `/api/v1/verifications/${verificationId}`,
        token: account.token,
      })
    ).json();
  /** The events of a verification once `count` have arrived (each signature verified). */
  const events = async (verificationId: string, count: number) => {
    const received = await receiver.waitFor(count, (r) => r.body.includes(verificationId), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const all = receiver.received.filter((r) => r.body.includes(verificationId));
    expect(all).toHaveLength(received.length);
    return all.map((r) => verifyReceivedWebhook(r, account.webhookSecret));
  };
  const expectResult = async (
    answer: Promise<{ statusCode: number; json(): unknown }>,
    expected: object,
  ) => {
    const response = await answer;
    expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
    expect(response.json()).toMatchObject(expected);
    return response.json() as Record<string, unknown>;
  };

  it('FULL FLOW: front, back, selfie → success, data read, eight events in order, geolocation on the last', async () => {
    const { verificationId, linkId, device } = await start({
      type: 'FULL FLOW',
      externalUserId: 'ana@example.test',
      metadata: { orderId: 'A-1' },
    });
    const located = await test.inject({
      method: 'PATCH',
      url: '/api/v1/verifications',
      payload: {
        verificationId,
        geolocation: {
          source: 'gps',
          deviceLatitude: 48.8566,
          deviceLongitude: 2.3522,
          accuracy: 35,
          permission: 'granted',
          sample: 'best_of_session',
          country: 'France',
          city: 'Paris',
          ip: '203.0.113.7',
        },
      },
    });
    expect(located.statusCode).toBe(200);
    await expectResult(device.document('front', images.front!), {
      accepted: true,
      status: 'started',
      step: 'ADD_FRONT',
      remainingRetries: 3,
      next: 'back',
    });
    await expectResult(device.document('back', images.back!), {
      accepted: true,
      step: 'ADD_BACK',
      next: 'selfie',
    });
    await expectResult(device.liveSelfie(selfies.selfie!), {
      accepted: true,
      status: 'success',
      step: 'END_OPERATION',
      remainingRetries: 3,
      next: 'done',
    });

    const verification = await record(verificationId);
    expect(verification).toMatchObject({
      status: 'success',
      step: 'END_OPERATION',
      method: 'DOCUMENT',
      userName: `${ana.firstNames} ${ana.lastNames}`,
      detectedDocumentCountry: ana.issuingState,
      data: {
        firstNames: ana.firstNames,
        lastNames: ana.lastNames,
        birthDate: ana.birthDate,
        dateOfExpiry: ana.dateOfExpiry,
        idNumber: ana.documentNumber,
        nationality: ana.nationality,
        gender: ana.sex,
        adult: true,
      },
    });
    expect(verification.data.ocrRaw).toContain(ana.documentNumber);
    expect(verification.data.barcodeRaw).toContain(ana.documentNumber);
    expect(verification).not.toHaveProperty('firstNames');
    expect(verification.images.register).toHaveLength(selfies.selfie!.frames.length);
    const listed = (
      await test.inject({
        method: 'GET',
        url: `/api/v1/verifications/${verificationId}/images`,
        token: account.token,
      })
    ).json();
    expect(listed.map((image: { kind: string }) => image.kind)).toEqual([
      'front',
      'back',
      ...selfies.selfie!.frames.map(() => 'selfie'),
    ]);
    const front = await test.inject({
      method: 'GET',
      url: `/api/v1/verifications/images/${verification.images.addFront}`,
      token: account.token,
    });
    expect(front.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(front.rawPayload).metadata()).format).toBe('jpeg');

    const received = await events(verificationId, 8);
    expect(received.map((e) => e.type)).toEqual([
      'verification.started',
      'verification.addfront.started',
      'verification.addfront.successful',
      'verification.addback.started',
      'verification.addback.successful',
      'verification.register.started',
      'verification.register.successful',
      'verification.successful',
    ]);
    for (const event of received) {
      expect(event.data).toMatchObject({
        _verificationId: verificationId,
        _externalUserId: 'ana@example.test',
        _metadata: { orderId: 'A-1' },
      });
      if (event.type !== 'verification.successful')
        expect(event.data).not.toHaveProperty('geolocation');
    }
    expect(received.at(-1)!.data.geolocation).toEqual({
      ip: '203.0.113.7',
      country: 'France',
      city: 'Paris',
      deviceLatitude: 48.8566,
      deviceLongitude: 2.3522,
      accuracy: 35,
      source: 'gps',
      tier: 'precise',
    });

    // Spent: no more captures, no second device.
    expect((await device.document('front', images.front!)).statusCode).toBe(409);
    expect(
      (
        await test.inject({ method: 'POST', url: '/api/v1/flow/sessions', payload: { linkId } })
      ).json(),
    ).toMatchObject({
      code: 4091,
    });
    expect((await device.get('/session')).json()).toMatchObject({
      status: 'success',
      completedCaptures: ['front', 'back', 'selfie'],
    });
  });

  it('ID ONLY: a passport data page alone → success without a back or a selfie', async () => {
    const { verificationId, device } = await start({ type: 'ID ONLY' });
    expect(device.session.requiredCaptures).toEqual(['front', 'back']);
    const chosen = await device.post('/document-type', { documentType: 'PASSPORT' });
    expect(chosen.json()).toMatchObject({ documentType: 'PASSPORT', requiredCaptures: ['front'] });
    await expectResult(device.document('front', images.passport!), {
      accepted: true,
      status: 'success',
      step: 'END_OPERATION',
      next: 'done',
    });
    expect((await device.document('back', images.passportBack!)).statusCode).toBe(409);
    expect((await device.selfie([images.selfie!])).statusCode).toBe(409);
    const received = await events(verificationId, 4);
    expect(received.map((e) => e.type)).toEqual([
      'verification.started',
      'verification.addfront.started',
      'verification.addfront.successful',
      'verification.successful',
    ]);
    expect(received[3]!.data).not.toHaveProperty('geolocation');
    const bruno = generateIdentity(11);
    expect((await record(verificationId)).data).toMatchObject({
      documentType: 'PASSPORT',
      idNumber: bruno.documentNumber,
      lastNames: bruno.lastNames,
    });
  });

  it('back of another person: SIDES_MISMATCH naming the fields, retry counted', async () => {
    const { device } = await start({ type: 'ID ONLY' });
    await expectResult(device.document('front', images.front!), { accepted: true });
    const refused = await expectResult(device.document('back', images.passportBack!), {
      accepted: false,
      remainingRetries: 2,
      error: { code: 'SIDES_MISMATCH' },
      next: 'back',
    });
    expect((refused.error as { mismatches: string[] }).mismatches).toEqual(
      expect.arrayContaining(['idNumber', 'birthDate', 'lastNames']),
    );
  });

  it('front refused three times: retries count down silently, the third fails the verification and consumes the link', async () => {
    const { verificationId, linkId, device } = await start({ type: 'FULL FLOW' });
    for (const left of [2, 1]) {
      await expectResult(device.document('front', images.selfie!), {
        accepted: false,
        status: 'started',
        step: 'NEW_OPERATION',
        remainingRetries: left,
        error: { code: 'NO_DOCUMENT' },
        next: 'front',
      });
    }
    expect((await events(verificationId, 3)).map((e) => e.type)).toEqual([
      'verification.started',
      'verification.addfront.started',
      'verification.addfront.started',
    ]);
    await expectResult(device.document('front', selfies.impostor!.frames[0]!), {
      accepted: false,
      status: 'failed',
      step: 'END_OPERATION',
      remainingRetries: 0,
      error: { code: 'NO_DOCUMENT' },
      next: 'done',
    });
    const received = await events(verificationId, 6);
    expect(received.map((e) => e.type).slice(3)).toEqual([
      'verification.addfront.started',
      'verification.addfront.failed',
      'verification.failed',
    ]);
    expect(await record(verificationId)).toMatchObject({
      status: 'failed',
      errorCode: 'NO_DOCUMENT',
      remainingRetries: { front: 0, back: 3, selfie: 3 },
    });
    const linkRecord = await test.inject({
      method: 'GET',
      url: `/api/v1/links/${linkId}`,
      token: account.token,
    });
    expect(linkRecord.json().active).toBe(false);
  });

  it('back refused (tampered check digit) then accepted; selfie refused (another person, a screen replay, the right person who did not complete the challenge) until it fails', async () => {
    const { verificationId, device } = await start({ type: 'FULL FLOW' });
    await expectResult(device.document('front', images.front!), { accepted: true });
    await expectResult(device.document('back', images.tamperedBack!), {
      accepted: false,
      remainingRetries: 2,
      step: 'ADD_FRONT',
      error: { code: 'MRZ_INVALID' },
      next: 'back',
    });
    await expectResult(device.document('back', images.back!), {
      accepted: true,
      remainingRetries: 2,
      next: 'selfie',
    });
    await expectResult(device.liveSelfie(selfies.impostor!), {
      accepted: false,
      remainingRetries: 2,
      error: { code: 'FACE_MISMATCH' },
    });
    await expectResult(device.liveSelfie(selfies.replay!), {
      accepted: false,
      remainingRetries: 1,
      error: { code: 'SPOOF_DETECTED' },
    });
    const unfinishedBlink = {
      source: 'camera',
      challenge: { type: 'blink', passed: false, durationMs: 12_000, samples: [] },
      frames: [{ role: 'frontal', yaw: 0, pitch: 0, eyeOpenness: 0.9 }],
    };
    await expectResult(device.selfie([images.selfie!], unfinishedBlink), {
      accepted: false,
      status: 'failed',
      remainingRetries: 0,
      error: { code: 'LIVENESS_FAILED' },
      next: 'done',
    });
    const received = await events(verificationId, 11);
    expect(received.map((e) => e.type)).toEqual([
      'verification.started',
      'verification.addfront.started',
      'verification.addfront.successful',
      'verification.addback.started',
      'verification.addback.started',
      'verification.addback.successful',
      'verification.register.started',
      'verification.register.started',
      'verification.register.started',
      'verification.register.failed',
      'verification.failed',
    ]);
  });

  it('back refused three times fails the verification (addback.failed)', async () => {
    const { verificationId, device } = await start({ type: 'ID ONLY' });
    await expectResult(device.document('front', images.front!), { accepted: true });
    for (const left of [2, 1, 0])
      await expectResult(device.document('back', images.selfie!), {
        accepted: false,
        remainingRetries: left,
        error: { code: 'UNREADABLE_BACK' },
      });
    const received = await events(verificationId, 8);
    expect(received.map((e) => e.type).slice(-2)).toEqual([
      'verification.addback.failed',
      'verification.failed',
    ]);
  });

  it('adaptive FACE branch: a returning person verifies with a selfie only, against the earlier document face', async () => {
    const { verificationId, device } = await start({
      type: 'FULL FLOW',
      externalUserId: 'ana@example.test',
      adaptiveFlow: true,
    });
    expect(device.session).toMatchObject({ method: 'FACE', requiredCaptures: ['selfie'] });
    expect((await device.document('front', images.front!)).statusCode).toBe(409);
    await expectResult(device.liveSelfie(selfies.otherSelfie!), {
      accepted: true,
      status: 'success',
      step: 'END_OPERATION',
      next: 'done',
    });
    expect((await events(verificationId, 4)).map((e) => e.type)).toEqual([
      'verification.started',
      'verification.register.started',
      'verification.register.successful',
      'verification.successful',
    ]);
    // Another person on the FACE branch is refused.
    const next = await start({
      type: 'FULL FLOW',
      externalUserId: 'ana@example.test',
      adaptiveFlow: true,
    });
    await expectResult(next.device.liveSelfie(selfies.impostor!), {
      accepted: false,
      error: { code: 'FACE_MISMATCH' },
    });
  });

  it('hand-off: the phone continues the flow the desktop began; the desktop can no longer capture', async () => {
    const { verificationId, linkId, device: desktop } = await start({ type: 'FULL FLOW' });
    const ticket = (await desktop.post('/handoff')).json();
    const phone = await openDevice(test, linkId, ticket.handoffToken);
    expect(phone.session).toMatchObject({ verificationId, termsAccepted: true, status: 'started' });
    expect((await desktop.document('front', images.front!)).statusCode).toBe(401);
    await expectResult(phone.document('front', images.front!), { accepted: true, next: 'back' });
    const poll = await test.inject({
      method: 'GET',
      url: `/api/v1/verifications/${verificationId}/status?linkId=${linkId}&include=operationGuid`,
    });
    expect(poll.json()).toMatchObject({ status: 'started' });
  });

  it('expiry: captures answer 410 past the link window and the sweeper stores expired (no event)', async () => {
    const { verificationId, linkId, device } = await start({ type: 'FULL FLOW' });
    const untouched = await link({ type: 'ID ONLY' });
    test.clock.advance(HOUR_MS + 1);
    expect((await device.document('front', images.front!)).statusCode).toBe(410);
    expect(await test.services.verifications.expireOverdue()).toBeGreaterThanOrEqual(1);
    const rows = await test.services.context.database.db
      .selectFrom('verifications')
      .select(['id', 'status'])
      .where('id', 'in', [verificationId, untouched.verificationId])
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['expired', 'expired']);
    const poll = await test.inject({
      method: 'GET',
      url: `/api/v1/verifications/${verificationId}/status?linkId=${linkId}`,
    });
    expect(poll.body).toBe('"expired"');
    expect((await events(verificationId, 1)).map((e) => e.type)).toEqual(['verification.started']);
    account.token = await test.token(account);
  });

  it('refuses bad uploads with 4xx, consuming no attempt and emitting nothing', async () => {
    const { verificationId, device } = await start({ type: 'FULL FLOW' });
    const send = (
      kind: string,
      files: { field: string; bytes: Buffer; type?: string }[],
      fields: Record<string, string>,
    ) => {
      const { body, contentType } = multipart(
        files.map((f) => ({
          field: f.field,
          name: 'x.jpg',
          type: f.type ?? 'image/jpeg',
          bytes: f.bytes,
        })),
        fields,
      );
      return test.inject({
        method: 'POST',
        url: `/api/v1/flow/captures/${kind}`,
        headers: { 'x-flow-session': device.token, 'content-type': contentType },
        payload: body,
      });
    };
    const meta = JSON.stringify(DOCUMENT_META);
    const big = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#888' },
    })
      .png()
      .toBuffer();
    const tiny = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const gif = await sharp({
      create: { width: 100, height: 100, channels: 3, background: '#888' },
    })
      .gif()
      .toBuffer();
    // Sent one at a time: a session takes one upload at a time (a concurrent one answers 409).
    const cases: [string, () => Promise<{ statusCode: number; body: string }>, number][] = [
      [
        'text named .jpg',
        () =>
          send('front', [{ field: 'image', bytes: Buffer.from('not an image at all') }], { meta }),
        400,
      ],
      [
        'truncated JPEG',
        () => send('front', [{ field: 'image', bytes: images.front!.subarray(0, 4000) }], { meta }),
        400,
      ],
      ['GIF', () => send('front', [{ field: 'image', bytes: gif }], { meta }), 400],
      ['tiny', () => send('front', [{ field: 'image', bytes: tiny }], { meta }), 400],
      ['48 megapixels', () => send('front', [{ field: 'image', bytes: big }], { meta }), 413],
      [
        'over 10 MB',
        () =>
          send('front', [{ field: 'image', bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 1) }], {
            meta,
          }),
        413,
      ],
      ['no meta', () => send('front', [{ field: 'image', bytes: images.front! }], {}), 400],
      [
        'meta not JSON',
        () => send('front', [{ field: 'image', bytes: images.front! }], { meta: '{' }),
        400,
      ],
      [
        'meta extra field',
        () =>
          send('front', [{ field: 'image', bytes: images.front! }], {
            meta: JSON.stringify({ ...DOCUMENT_META, extra: 1 }),
          }),
        400,
      ],
      [
        'meta string width',
        () =>
          send('front', [{ field: 'image', bytes: images.front! }], {
            meta: JSON.stringify({ ...DOCUMENT_META, width: '1280' }),
          }),
        400,
      ],
      [
        'wrong field',
        () => send('front', [{ field: 'frames', bytes: images.front! }], { meta }),
        400,
      ],
      [
        'two images',
        () =>
          send(
            'front',
            [
              { field: 'image', bytes: images.front! },
              { field: 'image', bytes: images.front! },
            ],
            { meta },
          ),
        400,
      ],
      ['back first', () => send('back', [{ field: 'image', bytes: images.back! }], { meta }), 409],
    ];
    for (const [name, answer, status] of cases) {
      const response = await answer();
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      expect(JSON.parse(response.body), name).toEqual({
        type: 'ErrorResponse',
        message: expect.any(String),
      });
    }
    const notMultipart = await device.post('/captures/front', { image: 'x' });
    expect(notMultipart.statusCode).toBe(415);
    expect((await record(verificationId)).remainingRetries).toEqual({
      front: 3,
      back: 3,
      selfie: 3,
    });
    expect((await events(verificationId, 1)).map((e) => e.type)).toEqual(['verification.started']);

    // Before the terms: 409.
    const fresh = await link({ type: 'FULL FLOW' });
    const early = await openDevice(test, fresh.linkId);
    expect((await early.document('front', images.front!)).statusCode).toBe(409);
  });

  it('applies EXIF orientation: a sideways photo tagged upright is stored and read upright', async () => {
    const { verificationId, device } = await start({ type: 'ID ONLY' });
    const sideways = await sharp(images.front!)
      .rotate(270)
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const raw = await sharp(sideways).metadata();
    expect(raw.width! < raw.height!).toBe(true);
    await expectResult(device.document('front', sideways), { accepted: true });
    const stored = await test.inject({
      method: 'GET',
      url: `/api/v1/verifications/images/${(await record(verificationId)).images.addFront}`,
      token: account.token,
    });
    const metadata = await sharp(stored.rawPayload).metadata();
    expect(metadata.width! > metadata.height!).toBe(true);
    expect(metadata.orientation ?? 1).toBe(1);
  });
});
