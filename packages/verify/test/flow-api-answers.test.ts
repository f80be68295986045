/**
 * How `<idv-verify>` handles the flow API's answers, against the double that answers as
 * `packages/server` does: hand-off binding, the end of the flow, strict capture metadata, refused
 * uploads, expiry, the fingerprint check, the adaptive ID ONLY branch, service outages and rate
 * limits.
 */
import { expect } from '@open-wc/testing';
import { FlowClient } from '../dist/internal/api/flow-client.js';
import { FlowApiError } from '../dist/internal/api/flow-api-error.js';
import type { CaptureResult, HandoffTicket } from '../dist/api/types.js';
import { loadTranslation } from '../dist/i18n/localize.js';
import { uploadRefusalMessage } from '../dist/internal/capture/upload-refusal.js';
import { TestCaptureSource } from './support/test-capture-source.js';
import { createScenario } from './support/double.js';
import {
  acceptTerms,
  documentJpeg,
  eventsOf,
  mount,
  requestsTo,
  sendDocument,
  uploadPhoto,
  waitFor,
} from './support/element.js';
import { singleFaceFrame } from './support/images.js';

/** A camera that films nothing: the capture screens wait for an upload, never auto-capture. */
const blankCamera = (): { source: TestCaptureSource } => ({ source: new TestCaptureSource() });

describe('<idv-verify> and the flow API’s answers', () => {
  it('hands off with the single-use token of the URL; the old device follows the new one to the result', async () => {
    const desktop = await mount(
      { session: { company: { handoffMode: 'suggest' } } },
      blankCamera(),
    );
    await acceptTerms(desktop);
    await desktop.step('handoff');
    await waitFor(() => desktop.root.querySelector('[part=qr]'));
    const ticket = eventsOf<{ handoffUrl: string }>(desktop, 'idv-handoff')[0]!.detail;
    const url = new URL(ticket.handoffUrl);
    const handoffToken = url.searchParams.get('handoff')!;
    const [issued] = await requestsTo(desktop, 'POST', '/flow/handoff');
    expect(issued!.status).to.equal(200);

    // Without the token another device is refused: the link is bound to the desktop.
    const intruder = await desktop.scenario.openElsewhere();
    expect(intruder.status).to.equal(409);
    expect(intruder.body).to.deep.include({ code: 4091, name: 'LinkAlreadyUsed' });

    // The phone (its own storage: not the desktop's session) opens the hand-off URL.
    sessionStorage.removeItem(`idv-verify:${desktop.scenario.linkId}`);
    const phone = await mount(desktop.scenario, {
      ...blankCamera(),
      attributes: { 'link-url': ticket.handoffUrl },
    });
    await phone.step('front');
    const opens = await requestsTo(phone, 'POST', '/flow/sessions');
    expect(opens.at(-1)!.json).to.deep.equal({ linkId: desktop.scenario.linkId, handoffToken });
    expect(opens.at(-1)!.status).to.equal(201);
    // Single use: the same token again is refused.
    expect((await desktop.scenario.openElsewhere(handoffToken)).status).to.equal(409);
    // A reload of the phone's page resumes its session instead of spending the token again.
    phone.el.remove();
    const reloaded = await mount(desktop.scenario, {
      ...blankCamera(),
      attributes: { 'link-url': ticket.handoffUrl },
    });
    await reloaded.step('front');
    expect(await requestsTo(reloaded, 'POST', '/flow/sessions')).to.have.length(opens.length + 1);
    expect((await requestsTo(reloaded, 'GET', '/flow/session')).at(-1)!.status).to.equal(200);
    reloaded.el.remove();

    // The desktop goes on after all: its superseded token answers 401.
    desktop.button('Continue on this device').click();
    await desktop.step('front');
    await uploadPhoto(desktop, await documentJpeg());
    desktop.button('Use this photo').click();
    await waitFor(() => desktop.text().includes('Continued on another device'));
    expect((await requestsTo(desktop, 'POST', '/flow/captures/front')).at(-1)!.status).to.equal(
      401,
    );
    expect(eventsOf<{ code: string }>(desktop, 'idv-error').at(-1)!.detail).to.include({
      code: 'SESSION_MOVED',
      recoverable: false,
    });
    await expect(desktop.el).to.be.accessible();
    await desktop.scenario.finish('success');
    await desktop.step('result', 8000);
    expect(desktop.text()).to.contain('You’re verified');
  });

  it('ends on the last accepted capture (END_OPERATION, success) without waiting for the status', async () => {
    const m = await mount({ session: { type: 'ID ONLY' } }, blankCamera());
    await acceptTerms(m);
    await sendDocument(m, 'front');
    await sendDocument(m, 'back');
    await m.step('result');
    const [back] = await requestsTo(m, 'POST', '/flow/captures/back');
    expect(back!.status).to.equal(200);
    expect(eventsOf<CaptureResult>(m, 'idv-capture').at(-1)!.detail).to.include({
      next: 'done',
      accepted: true,
    });
    expect(await requestsTo(m, 'GET', /\/status\?/), 'no status poll').to.have.length(0);
    expect(eventsOf<{ status: string }>(m, 'idv-complete')[0]!.detail.status).to.equal('success');
  });

  it('shows the failed result when the last refusal answers next: done, offering no other attempt', async () => {
    const reject = { kind: 'reject' as const, code: 'MRZ_INVALID', message: 'The MRZ is invalid.' };
    const m = await mount(
      {
        session: { type: 'ID ONLY', remainingRetries: { front: 3, back: 1, selfie: 3 } },
        captures: { back: [reject] },
      },
      blankCamera(),
    );
    await acceptTerms(m);
    await sendDocument(m, 'front');
    await sendDocument(m, 'back');
    await m.step('result');
    expect(eventsOf(m, 'idv-capture').at(-1)!.detail).to.deep.equal({
      kind: 'back',
      source: 'upload',
      accepted: false,
      remainingRetries: 0,
      next: 'done',
      error: { code: 'MRZ_INVALID', message: 'The MRZ is invalid.' },
    });
    expect(m.text()).to.contain('We couldn’t verify your identity');
    expect(() => m.button('Try again')).to.throw();
    expect(await requestsTo(m, 'POST', '/flow/captures/back')).to.have.length(1);
  });

  it('sends a selfie from the platform camera with exactly the meta fields the server accepts', async () => {
    const source = new TestCaptureSource({ scene: await singleFaceFrame(), photoOnly: true });
    // Offered only where the company takes a selfie without a live challenge.
    const m = await mount(
      { session: { method: 'FACE', company: { allowUploadedSelfie: true } } },
      { source },
    );
    await acceptTerms(m);
    await m.step('selfie');
    m.button('Take photo').click();
    await m.step('result', 20000);
    const [selfie] = await requestsTo(m, 'POST', '/flow/captures/selfie');
    expect(selfie!.status, String(selfie!.status)).to.equal(200);
    const meta = JSON.parse(selfie!.form!.meta as string);
    expect(Object.keys(meta).sort()).to.deep.equal(['challenge', 'frames', 'source']);
    expect(meta).to.include({ source: 'native', challenge: null });
    expect(meta.frames).to.have.length(1);
    expect(Object.keys(meta.frames[0]).sort()).to.deep.equal([
      'eyeOpenness',
      'pitch',
      'role',
      'yaw',
    ]);
  });

  it('is answered LIVENESS_REQUIRED, as the service answers, for a selfie without a live challenge', async () => {
    const jpeg = async (): Promise<Blob> => {
      const canvas = new OffscreenCanvas(320, 240);
      canvas.getContext('2d')!.fillRect(0, 0, 320, 240);
      return canvas.convertToBlob({ type: 'image/jpeg' });
    };
    const send = async (allowUploadedSelfie: boolean): Promise<Record<string, unknown>> => {
      const scenario = await createScenario({
        session: { method: 'FACE', company: { allowUploadedSelfie } },
      });
      const opened = await fetch(`${scenario.apiBase}/flow/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ linkId: scenario.linkId }),
      });
      const token = ((await opened.json()) as { sessionToken: string }).sessionToken;
      const headers = { 'X-Flow-Session': token };
      await fetch(`${scenario.apiBase}/flow/terms`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ accepted: true }),
      });
      const form = new FormData();
      form.append('frames', await jpeg(), 'selfie.jpg');
      form.append('meta', JSON.stringify({ source: 'upload', challenge: null, frames: [] }));
      const answer = await fetch(`${scenario.apiBase}/flow/captures/selfie`, {
        method: 'POST',
        headers,
        body: form,
      });
      expect(answer.status).to.equal(200);
      return (await answer.json()) as Record<string, unknown>;
    };
    const refused = await send(false);
    expect(refused).to.deep.include({ accepted: false });
    expect((refused.error as { code: string }).code).to.equal('LIVENESS_REQUIRED');
    expect(await send(true)).to.deep.include({ accepted: true });
  });

  it('refuses an undecodable photo before sending it, and scales a 42-megapixel one below the server’s limits', async () => {
    const m = await mount({ session: { type: 'ID ONLY' } }, blankCamera());
    await acceptTerms(m);
    await m.step('front');
    // A JPEG cut short: the server's decoder would refuse it (400), and so does the browser's.
    const good = await documentJpeg();
    const input = m.root.querySelector<HTMLInputElement>('input[type=file]')!;
    const transfer = new DataTransfer();
    transfer.items.add(new File([good.slice(0, good.size / 2)], 'id.jpg', { type: 'image/jpeg' }));
    input.files = transfer.files;
    input.dispatchEvent(new Event('change'));
    await waitFor(() => m.root.querySelector('[role=alert]'), 10000, 'refusal');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(m.root.querySelector('[role=alert]'), 'kept while the camera coaches').to.not.equal(
      null,
    );
    expect(m.root.querySelector('[role=alert]')!.textContent).to.contain(
      'This photo can’t be read.',
    );
    expect(await requestsTo(m, 'POST', '/flow/captures/front')).to.have.length(0);
    await expect(m.el).to.be.accessible();
    // 8000 × 5250 px (42 megapixels): over the server's 40, so the element scales it down.
    await sendDocument(m, 'front', await documentJpeg(8000, 5250));
    await m.step('back');
    const [sent] = await requestsTo(m, 'POST', '/flow/captures/front');
    expect(sent!.status).to.equal(200);
    const meta = JSON.parse(sent!.form!.meta as string);
    expect(Math.max(meta.width, meta.height)).to.be.at.most(4096);
    expect(meta.width * meta.height).to.be.at.most(40_000_000);
    expect((sent!.form!.image as { size: number }[])[0]!.size).to.be.below(10 * 1024 * 1024);
  });

  it('words the server’s upload refusals (400, 413, 415) in every language', async () => {
    for (const lang of ['en', 'es', 'pt', 'fr'] as const) {
      const t = await loadTranslation(lang);
      const messages = [400, 413, 415].map((status) =>
        uploadRefusalMessage(new FlowApiError(status, 'refused'), t),
      );
      expect(messages).to.deep.equal([t.uploadUnreadable, t.uploadTooLarge, t.uploadWrongType]);
      expect(new Set(messages).size).to.equal(3);
      expect(uploadRefusalMessage(new FlowApiError(503, 'down'), t)).to.equal(undefined);
    }
  });

  it('shows the expired result on a 410 mid-flow and on a resumed session past its window', async () => {
    const m = await mount({ session: { type: 'ID ONLY' } }, blankCamera());
    await acceptTerms(m);
    await m.step('front');
    await m.scenario.expire('link');
    await uploadPhoto(m, await documentJpeg());
    m.button('Use this photo').click();
    await m.step('error');
    expect((await requestsTo(m, 'POST', '/flow/captures/front'))[0]!.status).to.equal(410);
    expect(m.text()).to.contain('This link has expired');
    expect(eventsOf(m, 'idv-expired')).to.have.length(1);
    expect(eventsOf(m, 'idv-complete')).to.have.length(0);

    const late = await createScenario({ opened: true, session: { type: 'ID ONLY' } });
    await late.expire('data');
    const resumed = await mount(late);
    await resumed.step('error');
    expect((await requestsTo(resumed, 'GET', '/flow/session'))[0]!.status).to.equal(410);
    expect(eventsOf(resumed, 'idv-expired')).to.have.length(1);
  });

  it('goes on without the fingerprint’s verification when the server has none (503), drops a forged one (400)', async () => {
    const fix = { latitude: 40.41, longitude: -3.71, accuracy: 35, timestamp: Date.now() };
    for (const [setting, status, keepsIp] of [
      [{ fingerprintConfigured: false }, 503, true],
      [{ fingerprintSignature: 'forged' }, 400, false],
    ] as const) {
      const m = await mount(
        {
          session: { type: 'ID ONLY', company: { locationPermission: 'optional' } },
          fingerprint: { ip: '203.0.113.7', geoData: { country: 'Spain' } },
          ...setting,
        },
        { source: new TestCaptureSource({ fixes: [fix] }), fingerprint: true },
      );
      await acceptTerms(m);
      await m.step('location');
      m.button('Share my location').click();
      await m.step('front');
      const forwarded = await requestsTo(m, 'POST', '/flow/fingerprint');
      expect(
        forwarded.map((r) => r.status),
        'one try, no retry',
      ).to.deep.equal([status]);
      const [patch] = await requestsTo(m, 'PATCH', '/verifications');
      expect(patch!.status).to.equal(200);
      const geolocation = (patch!.json as { geolocation: Record<string, unknown> }).geolocation;
      expect('ip' in geolocation, `${status}: IP fields kept`).to.equal(keepsIp);
      expect(geolocation).to.include({ deviceLatitude: 40.41, source: 'gps' });
      m.el.remove();
    }
  });

  it('runs the document branch of an adaptive ID ONLY link after the e-mail: front and back only', async () => {
    const m = await mount({ session: { type: 'ID ONLY', method: null } }, blankCamera());
    await acceptTerms(m);
    await m.step('identify');
    m.root.querySelector<HTMLInputElement>('input[type=email]')!.value = 'jane@example.com';
    m.button('Continue').click();
    await m.step('front');
    expect(m.root.querySelector('[part=progress]')!.getAttribute('aria-valuemax')).to.equal('2');
    await sendDocument(m, 'front');
    await sendDocument(m, 'back');
    await m.step('result');
    expect(await requestsTo(m, 'POST', '/flow/captures/selfie')).to.have.length(0);
  });

  it('keeps the photo and offers to send it again when the analysis is unavailable (503)', async () => {
    const m = await mount(
      {
        session: { type: 'ID ONLY' },
        captures: { front: [{ kind: 'unavailable' }] },
      },
      blankCamera(),
    );
    await acceptTerms(m);
    await sendDocument(m, 'front');
    await waitFor(() => m.text().includes('The service is unavailable right now.'));
    expect(eventsOf<{ code: string }>(m, 'idv-error').at(-1)!.detail).to.include({
      code: 'SERVICE_UNAVAILABLE',
      recoverable: true,
    });
    await expect(m.el).to.be.accessible();
    m.button('Use this photo').click();
    await m.step('back');
    const fronts = await requestsTo(m, 'POST', '/flow/captures/front');
    expect(fronts.map((r) => r.status)).to.deep.equal([503, 200]);
  });

  it('shows the expired result when the status poll answers expired during a hand-off', async () => {
    const m = await mount({ session: { company: { handoffMode: 'require' } } });
    await acceptTerms(m);
    await m.step('handoff');
    await waitFor(() => m.root.querySelector('[part=qr]'));
    await m.scenario.expire('link');
    await m.step('error', 8000);
    expect(m.text()).to.contain('This link has expired');
    expect(eventsOf(m, 'idv-expired')).to.have.length(1);
  });

  it('waits out a 429’s Retry-After with a message, then sends again', async () => {
    const m = await mount(
      { session: { type: 'ID ONLY' }, rateLimit: { max: 1, windowMs: 3000 } },
      blankCamera(),
    );
    await acceptTerms(m);
    await sendDocument(m, 'front');
    await sendDocument(m, 'back');
    const notice = await waitFor(
      () => m.root.querySelector('[role=status][aria-live=polite].notice')?.textContent?.trim(),
      5000,
      'rate-limit notice',
    );
    expect(notice).to.match(/Too many requests\. Retrying in \d s…/);
    await m.step('result', 8000);
    const backs = await requestsTo(m, 'POST', '/flow/captures/back');
    expect(backs.map((r) => r.status)).to.deep.equal([429, 200]);
    await m.el.updateComplete;
    expect(m.root.querySelector('.notice')!.textContent!.trim()).to.equal('');
  });
});

describe('FlowClient against the double', () => {
  it('gives up on 429 after five attempts and reports the status', async () => {
    const scenario = await createScenario({ rateLimit: { max: 0, windowMs: 100 } });
    const waits: (number | null)[] = [];
    const client = new FlowClient({
      apiBase: scenario.apiBase,
      onRateLimitWait: (ms) => waits.push(ms),
    });
    const error = await client.openSession(scenario.linkId).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(FlowApiError);
    expect((error as FlowApiError).status).to.equal(429);
    expect(waits).to.deep.equal([1000, 1000, 1000, 1000, null]);
    expect((await scenario.requests()).map((r) => r.status)).to.deep.equal([
      429, 429, 429, 429, 429,
    ]);
  });

  it('issues hand-off tokens equal to the token in the hand-off URL', async () => {
    const scenario = await createScenario();
    const client = new FlowClient({ apiBase: scenario.apiBase });
    await client.openSession(scenario.linkId);
    const ticket: HandoffTicket = await client.createHandoff();
    expect(new URL(ticket.handoffUrl).searchParams.get('handoff')).to.equal(ticket.handoffToken);
  });
});
