/**
 * A scripted HTTP double of the verification service's device-facing API (DESIGN §5) and the spec's
 * public endpoints, mounted in Web Test Runner's dev server. It is the network edge of the element's
 * component tests until the real flow API exists; typed against the element's own `FlowSession` and
 * `CaptureResult` so the two cannot drift silently.
 *
 * A test creates a scenario (`POST /double/scenarios`), points the element's `api-base` at the answer's
 * `apiBase`, and reads what the element sent with `GET /double/{id}/requests`. The double enforces the
 * rules the element must follow (session header, terms before captures, multipart fields, the spec's
 * geolocation validation), so a wrong request fails the test.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type {
  CaptureKind,
  CaptureResult,
  CreatedFlowSession,
  FlowCompany,
  FlowSession,
  HandoffTicket,
  IdentifyResult,
  StatusPollResult,
  VerificationStatus,
} from '../../../src/api/types.js';

/** How the double answers one capture attempt. */
export type CaptureAnswer =
  | { kind: 'accept' }
  | { kind: 'reject'; code: string; message: string }
  | { kind: 'http'; status: number; body?: unknown };

/** What a test scripts. */
export interface Scenario {
  /** Overrides of the session the double opens. */
  session?: Partial<Omit<FlowSession, 'company'>> & { company?: Partial<FlowCompany> };
  /** Answer of `POST /flow/sessions` when it must fail (link errors). */
  openError?: { status: number; body: unknown };
  /** Queued answers per capture kind; an empty queue accepts. */
  captures?: Partial<Record<CaptureKind, CaptureAnswer[]>>;
  /** Status the poll reports once every capture passed (default `success`). */
  finalStatus?: VerificationStatus;
  /** Method the identify call resolves to (default `DOCUMENT`). */
  identifyMethod?: 'FACE' | 'DOCUMENT';
  /** The fingerprint service's `userData` served at `/double/{id}/fingerprint`. */
  fingerprint?: Record<string, unknown>;
}

/** One request the element made, as the test reads it. */
export interface RecordedRequest {
  method: string;
  path: string;
  flowSession: string | null;
  json?: unknown;
  raw?: string;
  form?: Record<string, { type: string; size: number; name: string }[] | string>;
}

/** One `GET` of the fingerprint endpoint, with the cache headers the browser sent. */
export interface FingerprintFetch {
  ifNoneMatch: string | null;
  cacheControl: string | null;
}

interface ScenarioState {
  scenario: Scenario;
  session: FlowSession;
  token: string;
  requests: RecordedRequest[];
  fingerprintFetches: FingerprintFetch[];
}

/** The minimal Koa context this middleware uses (Web Test Runner's dev server is Koa). */
export interface KoaLikeContext {
  method: string;
  path: string;
  url: string;
  querystring: string;
  req: IncomingMessage;
  status: number;
  body: unknown;
  set(name: string, value: string): void;
  get(name: string): string;
}

const scenarios = new Map<string, ScenarioState>();
const order: CaptureKind[] = ['front', 'back', 'selfie'];

function baseSession(scenario: Scenario): FlowSession {
  const overrides = scenario.session ?? {};
  const type = overrides.type ?? 'FULL FLOW';
  const method = overrides.method === undefined ? 'DOCUMENT' : overrides.method;
  const requiredCaptures =
    overrides.requiredCaptures ??
    (method === 'FACE'
      ? ['selfie']
      : type === 'ID ONLY'
        ? ['front', 'back']
        : ['front', 'back', 'selfie']);
  return {
    verificationId: randomUUID(),
    linkId: randomUUID(),
    status: 'started',
    step: 'NEW_OPERATION',
    operationGuid: randomUUID(),
    termsAccepted: false,
    completedCaptures: [],
    remainingRetries: { front: 3, back: 3, selfie: 3 },
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    callbackUrl: null,
    ...overrides,
    type,
    method,
    requiredCaptures,
    company: {
      name: 'Acme Bank',
      color: '#0b6e4f',
      logoUrl: null,
      plan: 'premium',
      antiSpoofing: true,
      handoffMode: 'never',
      gateRules: null,
      locationPermission: 'never',
      ...overrides.company,
    },
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(ctx: KoaLikeContext, status: number, body?: unknown): void {
  ctx.status = status;
  if (body !== undefined) {
    ctx.set('content-type', 'application/json');
    ctx.body = JSON.stringify(body);
  } else {
    ctx.body = '';
  }
}

const general = (message: string): { type: string; message: string } => ({
  type: 'ErrorResponse',
  message,
});

const derivedGeolocationFields = ['tier', 'policy', 'ipDistanceKm', 'serverIp'];

function nextCapture(session: FlowSession): CaptureKind | 'done' {
  return (
    order.find(
      (k) => session.requiredCaptures.includes(k) && !session.completedCaptures.includes(k),
    ) ?? 'done'
  );
}

function stepAfter(kind: CaptureKind): FlowSession['step'] {
  return kind === 'front' ? 'ADD_FRONT' : kind === 'back' ? 'ADD_BACK' : 'END_OPERATION';
}

/**
 * The fingerprint service's answer as the double serves it: written by hand, not by
 * `JSON.stringify`, with spacing and an escape sequence that a parse and re-serialization would
 * change, so a test can tell whether the element forwards the raw text.
 */
function fingerprintBody(userData: Record<string, unknown>): string {
  return `{"userData":${JSON.stringify(userData)},  "signature" : "c2lnbmF0dXJl", "note":"caf\\u00e9"}\n`;
}

/** The ETag (the service's cache identifier) of a scenario's fingerprint answer. */
const fingerprintEtag = (id: string): string => `"fp-${id}"`;

/** Koa middleware serving `/double/**`. */
export function flowApiDouble() {
  return async (ctx: KoaLikeContext, next: () => Promise<unknown>): Promise<void> => {
    if (!ctx.path.startsWith('/double/')) {
      await next();
      return;
    }
    const body = await readBody(ctx.req);
    if (ctx.path === '/double/scenarios' && ctx.method === 'POST') {
      const scenario = JSON.parse(body.toString('utf8') || '{}') as Scenario;
      const id = randomUUID();
      const session = baseSession(scenario);
      scenarios.set(id, {
        scenario,
        session,
        token: randomUUID(),
        requests: [],
        fingerprintFetches: [],
      });
      send(ctx, 201, {
        id,
        apiBase: `/double/${id}/api/v1`,
        linkId: session.linkId,
        verificationId: session.verificationId,
        fingerprintUrl: `/double/${id}/fingerprint`,
        fingerprintBody: fingerprintBody(scenario.fingerprint ?? {}),
        fingerprintEtag: fingerprintEtag(id),
      });
      return;
    }
    const match = ctx.path.match(/^\/double\/([0-9a-f-]{36})(\/.*)$/);
    const state = match ? scenarios.get(match[1]!) : undefined;
    if (!match || !state) {
      send(ctx, 404, { message: 'given resource is not implemented', resource: ctx.path });
      return;
    }
    const rest = match[2]!;
    if (rest === '/requests' && ctx.method === 'GET') {
      send(ctx, 200, state.requests);
      return;
    }
    if (rest === '/finish' && ctx.method === 'POST') {
      // Test control: the verification ended elsewhere (for example on the phone after a hand-off).
      state.session.status = (
        JSON.parse(body.toString('utf8')) as { status: VerificationStatus }
      ).status;
      send(ctx, 204);
      return;
    }
    if (rest === '/fingerprint' && ctx.method === 'GET') {
      // As the fingerprint service: a fresh answer every time (even to a revalidation with
      // `max-age=0`), the same ETag identifier, storable so the browser keeps the ETag.
      state.fingerprintFetches.push({
        ifNoneMatch: ctx.get('if-none-match') || null,
        cacheControl: ctx.get('cache-control') || null,
      });
      ctx.status = 200;
      ctx.set('content-type', 'application/json; charset=utf-8');
      ctx.set('etag', fingerprintEtag(match[1]!));
      ctx.set('cache-control', 'private, no-cache');
      ctx.body = fingerprintBody(state.scenario.fingerprint ?? {});
      return;
    }
    if (rest === '/fingerprint-fetches' && ctx.method === 'GET') {
      send(ctx, 200, state.fingerprintFetches);
      return;
    }
    if (!rest.startsWith('/api/v1/')) {
      send(ctx, 404, { message: 'given resource is not implemented', resource: ctx.path });
      return;
    }
    await serveApi(ctx, state, rest.slice('/api/v1'.length), body);
  };
}

async function parseForm(ctx: KoaLikeContext, body: Buffer): Promise<RecordedRequest['form']> {
  const request = new Request('http://double.invalid/', {
    method: 'POST',
    headers: { 'content-type': ctx.get('content-type') },
    body,
  });
  const form = await request.formData();
  const out: NonNullable<RecordedRequest['form']> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') out[name] = value;
    else {
      const list = (out[name] as { type: string; size: number; name: string }[] | undefined) ?? [];
      list.push({ type: value.type, size: value.size, name: value.name });
      out[name] = list;
    }
  }
  return out;
}

async function serveApi(
  ctx: KoaLikeContext,
  state: ScenarioState,
  path: string,
  body: Buffer,
): Promise<void> {
  const { session, scenario } = state;
  const contentType = ctx.get('content-type');
  const record: RecordedRequest = {
    method: ctx.method,
    path: path + (ctx.querystring ? `?${ctx.querystring}` : ''),
    flowSession: ctx.get('x-flow-session') || null,
  };
  if (contentType.startsWith('multipart/form-data')) record.form = await parseForm(ctx, body);
  else if (body.length > 0) {
    record.raw = body.toString('utf8');
    try {
      record.json = JSON.parse(record.raw);
    } catch {
      send(ctx, 400, general('body is not JSON'));
      return;
    }
  }
  state.requests.push(record);
  const json = (record.json ?? {}) as Record<string, unknown>;

  // Spec public endpoints.
  if (path === `/verifications/${session.verificationId}/status` && ctx.method === 'GET') {
    const query = new URLSearchParams(ctx.querystring);
    if (query.get('linkId') !== session.linkId)
      return send(ctx, 403, general('linkId missing or mismatched'));
    const answer: StatusPollResult = {
      status: session.status,
      operationGuid: session.operationGuid,
      method: session.method,
    };
    return send(ctx, 200, query.get('include') === 'operationGuid' ? answer : session.status);
  }
  if (path === '/verifications' && ctx.method === 'PATCH') {
    if (json.verificationId !== session.verificationId)
      return send(ctx, 404, general('verification not found'));
    const geolocation = (json.geolocation ?? {}) as Record<string, unknown>;
    if (derivedGeolocationFields.some((field) => field in geolocation)) {
      return send(ctx, 400, general('server-derived field sent by client'));
    }
    const deviceSource = ['gps', 'wifi', 'cell'].includes(String(geolocation.source));
    if (
      deviceSource &&
      (typeof geolocation.deviceLatitude !== 'number' ||
        typeof geolocation.deviceLongitude !== 'number')
    ) {
      return send(ctx, 400, general('device source without coordinates'));
    }
    return send(ctx, 200, {
      _id: session.verificationId,
      status: session.status,
      step: session.step,
      geolocation,
    });
  }
  if (path === '/verifications/error' && ctx.method === 'PATCH') {
    if (json.verificationId !== session.verificationId)
      return send(ctx, 404, general('verification not found'));
    if (typeof json.errorCode !== 'string' || typeof json.errorMessage !== 'string') {
      return send(ctx, 400, general('errorCode and errorMessage are required'));
    }
    return send(ctx, 200, {
      _id: session.verificationId,
      status: session.status,
      step: session.step,
    });
  }
  if (path === '/verifications/identify' && ctx.method === 'PATCH') {
    if (json.verificationId !== session.verificationId)
      return send(ctx, 404, general('verification not found'));
    if (typeof json.email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(json.email)) {
      return send(ctx, 400, general('invalid or missing email'));
    }
    session.method = scenario.identifyMethod ?? 'DOCUMENT';
    session.requiredCaptures = session.method === 'FACE' ? ['selfie'] : ['front', 'back', 'selfie'];
    const answer: IdentifyResult = {
      status: session.status,
      operationGuid: session.operationGuid,
      method: session.method,
    };
    return send(ctx, 200, answer);
  }

  // Flow API.
  if (path === '/flow/sessions' && ctx.method === 'POST') {
    if (scenario.openError) return send(ctx, scenario.openError.status, scenario.openError.body);
    if (json.linkId !== session.linkId) return send(ctx, 404, general('link not found'));
    const created: CreatedFlowSession = { ...session, sessionToken: state.token };
    return send(ctx, 201, created);
  }
  if (record.flowSession !== state.token)
    return send(ctx, 401, general('missing or unknown X-Flow-Session'));
  if (path === '/flow/session' && ctx.method === 'GET') return send(ctx, 200, session);
  if (path === '/flow/terms' && ctx.method === 'POST') {
    if (json.accepted !== true) return send(ctx, 400, general('accepted must be true'));
    session.termsAccepted = true;
    return send(ctx, 200, session);
  }
  if (path === '/flow/handoff' && ctx.method === 'POST') {
    const ticket: HandoffTicket = {
      handoffUrl: `https://verify.example.test/v/${session.linkId}?handoff=${randomUUID()}`,
      handoffToken: randomUUID(),
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    };
    return send(ctx, 200, ticket);
  }
  if (path === '/flow/fingerprint' && ctx.method === 'POST') {
    if (!record.raw?.startsWith('{"userData":'))
      return send(ctx, 400, general('raw fingerprint answer expected'));
    return send(ctx, 204);
  }
  const capture = path.match(/^\/flow\/captures\/(front|back|selfie)$/);
  if (capture && ctx.method === 'POST') {
    const kind = capture[1] as CaptureKind;
    if (!session.termsAccepted) return send(ctx, 409, general('terms not accepted'));
    if (session.status !== 'started')
      return send(ctx, 409, general('verification status does not allow operation'));
    if (nextCapture(session) !== kind)
      return send(ctx, 409, general(`capture ${kind} not expected now`));
    const form = record.form ?? {};
    const files = form[kind === 'selfie' ? 'frames' : 'image'];
    const count = Array.isArray(files) ? files.length : 0;
    if (kind === 'selfie' ? count < 1 || count > 5 : count !== 1)
      return send(ctx, 400, general('image part missing'));
    if (typeof form.meta !== 'string') return send(ctx, 400, general('meta part missing'));
    const answer = scenario.captures?.[kind]?.shift() ?? { kind: 'accept' };
    if (answer.kind === 'http')
      return send(ctx, answer.status, answer.body ?? general('scripted failure'));
    let result: CaptureResult;
    if (answer.kind === 'accept') {
      session.completedCaptures.push(kind);
      session.step = stepAfter(kind);
      const next = nextCapture(session);
      if (next === 'done') session.status = scenario.finalStatus ?? 'success';
      result = {
        accepted: true,
        status: session.status,
        step: session.step,
        remainingRetries: session.remainingRetries[kind],
        next,
      };
    } else {
      session.remainingRetries[kind] -= 1;
      if (session.remainingRetries[kind] <= 0) {
        session.status = 'failed';
        session.step = 'END_OPERATION';
      }
      result = {
        accepted: false,
        status: session.status,
        step: session.step,
        remainingRetries: session.remainingRetries[kind],
        error: { code: answer.code, message: answer.message },
        next: kind,
      };
    }
    return send(ctx, 200, result);
  }
  send(ctx, 404, { message: 'given resource is not implemented', resource: path });
}
