/**
 * A scripted HTTP double of the verification service's device-facing API (DESIGN §5) and the spec's
 * public endpoints, mounted in Web Test Runner's dev server. It answers as `packages/server` does
 * (routes `flow.ts`, `flow-captures.ts`, `verifications-public.ts`; services `flow-sessions.ts`,
 * `pipeline/capture-pipeline.ts`, `capture-images.ts`, `fingerprint-signals.ts`): the same statuses,
 * error bodies, strict request schemas, image checks, session binding and hand-off, link and data
 * windows, and per-route rate limits. Only the analyses are scripted (`captures`), and the clock of
 * the link windows is moved by the test (`/expire`).
 *
 * A test creates a scenario (`POST /double/scenarios`), points the element's `api-base` at the answer's
 * `apiBase`, and reads what the element sent with `GET /double/{id}/requests`.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type {
  CaptureKind,
  CaptureResult,
  CreatedFlowSession,
  FlowSession,
  HandoffTicket,
  StatusWithOperation,
  VerificationStatus,
} from '@idv/contract';
import { validationError, type SchemaName } from './double-schemas.js';
import {
  fingerprintRefusal,
  signedFingerprint,
  type FingerprintSignature,
} from './double-fingerprint.js';
import {
  captureParts,
  checkImage,
  maxSelfieFrames,
  readParts,
  UploadRefusal,
  type Part,
} from './double-uploads.js';

/** The company as the flow sees it. */
type FlowCompany = FlowSession['company'];
/** Status poll with `include=operationGuid`, and the identify answer. */
type StatusPollResult = StatusWithOperation;
type IdentifyResult = StatusWithOperation;

/** How the analyses answer one capture attempt (the upload itself is checked for real). */
export type CaptureAnswer =
  | { kind: 'accept' }
  | { kind: 'reject'; code: string; message: string }
  /** A remote analysis service is down: 503, no attempt consumed. */
  | { kind: 'unavailable' };

/** What a test scripts. */
export interface Scenario {
  /** The verification and link as created (before any device opened it). */
  session?: Partial<Omit<FlowSession, 'company'>> & { company?: Partial<FlowCompany> };
  /**
   * The link's state when the element opens it: already bound to another device (409 4091), past
   * its window (409 4092), or closed without a device (409 4093).
   */
  link?: 'bound-elsewhere' | 'expired' | 'inactive';
  /**
   * @deprecated The link's state written as the 409 it causes (`packages/capacitor`'s tests):
   * `code` 4091/4092/4093 sets `link` accordingly; the answer is then the double's own.
   */
  openError?: { status: number; body: { code?: number; [field: string]: unknown } };
  /** This device opened the session earlier (a reload): the handle carries its `sessionToken`. */
  opened?: boolean;
  /** Queued analysis answers per capture kind; an empty queue accepts. */
  captures?: Partial<Record<CaptureKind, CaptureAnswer[]>>;
  /** Method the identify call resolves to (default `DOCUMENT`; `FACE` for a returning person). */
  identifyMethod?: 'FACE' | 'DOCUMENT';
  /** The fingerprint service's `userData` fields served at `/double/{id}/fingerprint`. */
  fingerprint?: Record<string, unknown>;
  /** How that answer is signed (default `valid`). */
  fingerprintSignature?: FingerprintSignature;
  /** Whether the server has `IDV_FINGERPRINT_URL` (default true; false answers 503). */
  fingerprintConfigured?: boolean;
  /** The device routes' budget (server: 120 per minute per client and route). */
  rateLimit?: { max: number; windowMs: number };
}

/** One request the element made, as the test reads it. */
export interface RecordedRequest {
  method: string;
  path: string;
  flowSession: string | null;
  status?: number;
  json?: unknown;
  raw?: string;
  form?: Record<string, RecordedFile[] | string>;
}

/** A file part of a recorded multipart request. */
export interface RecordedFile {
  type: string;
  size: number;
  name: string;
  /** The bytes, base64-encoded: what a test decodes to see the very picture sent. */
  base64: string;
}

/** One `GET` of the fingerprint endpoint, with the cache headers the browser sent. */
export interface FingerprintFetch {
  ifNoneMatch: string | null;
  cacheControl: string | null;
}

interface ScenarioState {
  scenario: Scenario;
  session: FlowSession;
  /** End of the link window (ms); `session.expiresAt` shows it. */
  linkExpiresAt: number;
  /** End of the readable (data) window (ms). */
  dataExpiresAt: number;
  linkActive: boolean;
  /** Token of the device the session is bound to, once opened. */
  boundToken: string | undefined;
  handoff: { token: string; expiresAt: number } | undefined;
  fingerprintBody: string;
  budgets: Map<string, { count: number; resetAt: number }>;
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
const HANDOFF_TTL_MS = 10 * 60_000;
const DEVICE_BUDGET = { max: 120, windowMs: 60_000 };
const STEP_OF = { front: 'ADD_FRONT', back: 'ADD_BACK', selfie: 'END_OPERATION' } as const;

/** An answer of the server, thrown by the handlers. */
class Answer extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

const general = (status: number, message: string, headers?: Record<string, string>): Answer =>
  new Answer(status, { type: 'ErrorResponse', message }, headers);

function linkError(state: ScenarioState, code: 4091 | 4092 | 4093): Answer {
  const [name, description] = {
    4091: ['LinkAlreadyUsed', 'The link has already been used by another person.'],
    4092: ['LinkExpired', 'The link has expired; create a new link.'],
    4093: ['LinkInactive', 'The link is no longer active; create a new link.'],
  }[code];
  return new Answer(409, { code, name, description, data: { linkId: state.session.linkId } });
}

/** The document type in force (server `effectiveDocumentType`): chosen, or the link's only type. */
function documentType(session: FlowSession): FlowSession['documentType'] {
  return (
    session.documentType ?? (session.documentTypes.length === 1 ? session.documentTypes[0]! : null)
  );
}

/** The captures a verification needs (server `requiredCaptures`): a passport has no back. */
function requiredCaptures(session: FlowSession): CaptureKind[] {
  if (session.method === 'FACE') return ['selfie'];
  const document: CaptureKind[] =
    documentType(session) === 'PASSPORT' ? ['front'] : ['front', 'back'];
  return session.type === 'ID ONLY' ? document : [...document, 'selfie'];
}

function nextCapture(session: FlowSession): CaptureKind | 'done' {
  return (
    requiredCaptures(session).find((kind) => !session.completedCaptures.includes(kind)) ?? 'done'
  );
}

function newState(scenario: Scenario): ScenarioState {
  const overrides = scenario.session ?? {};
  const now = Date.now();
  const session: FlowSession = {
    verificationId: randomUUID(),
    linkId: randomUUID(),
    status: 'pending',
    step: 'NEW_OPERATION',
    operationGuid: null,
    termsAccepted: false,
    completedCaptures: [],
    remainingRetries: { front: 3, back: 3, selfie: 3 },
    expiresAt: new Date(now + 3600_000).toISOString(),
    callbackUrl: null,
    type: 'FULL FLOW',
    method: 'DOCUMENT',
    // Scenarios allow cards only unless they say otherwise (the server's default is both types).
    documentType: null,
    documentTypes: ['ID_CARD'],
    requiredCaptures: [],
    ...overrides,
    // A device opens a pending link; the status asked for applies once it has (`opened`).
    ...(scenario.opened ? { status: 'pending' } : {}),
    company: {
      name: 'Acme Bank',
      color: '#0b6e4f',
      logoUrl: null,
      plan: 'premium',
      antiSpoofing: true,
      allowUploadedSelfie: false,
      handoffMode: 'never',
      gateRules: { version: 'none', rules: [] },
      locationPermission: 'never',
      ...overrides.company,
    },
  };
  const state: ScenarioState = {
    scenario,
    session,
    linkExpiresAt: now + 3600_000,
    dataExpiresAt: now + 2 * 3600_000,
    linkActive: true,
    boundToken: undefined,
    handoff: undefined,
    fingerprintBody: signedFingerprint(
      scenario.fingerprint ?? {},
      scenario.fingerprintSignature ?? 'valid',
    ),
    budgets: new Map(),
    requests: [],
    fingerprintFetches: [],
  };
  const link = scenario.link ?? linkFromOpenError(scenario.openError);
  if (link === 'inactive') state.linkActive = false;
  if (link === 'expired') expire(state, 'link');
  if (link === 'bound-elsewhere') state.boundToken = newToken();
  return state;
}

function linkFromOpenError(openError: Scenario['openError']): Scenario['link'] {
  const code = openError?.body.code;
  return code === 4091
    ? 'bound-elsewhere'
    : code === 4092
      ? 'expired'
      : code === 4093
        ? 'inactive'
        : undefined;
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Moves the clock past the link window (status `expired`), or past the data window too. */
function expire(state: ScenarioState, window: 'link' | 'data'): void {
  const past = Date.now() - 1000;
  state.linkExpiresAt = past;
  state.session.expiresAt = new Date(past).toISOString();
  if (window === 'data') state.dataExpiresAt = past;
  if (state.session.status === 'pending' || state.session.status === 'started')
    state.session.status = 'expired';
}

/** The session as `GET /flow/session` reads it (server `view`). */
function view(state: ScenarioState): FlowSession {
  if (state.dataExpiresAt <= Date.now()) throw general(410, 'verification expired');
  const session = state.session;
  return {
    ...session,
    documentType: documentType(session),
    documentTypes: [...session.documentTypes],
    requiredCaptures: requiredCaptures(session),
    completedCaptures: [...session.completedCaptures],
    remainingRetries: { ...session.remainingRetries },
    company: { ...session.company },
  };
}

/** The verification of a call that changes it: 410 expired, 409 finished (server `openVerification`). */
function openVerification(state: ScenarioState): void {
  if (state.session.status === 'expired' || state.dataExpiresAt <= Date.now())
    throw general(410, 'verification expired');
  if (state.session.status !== 'started')
    throw general(409, `verification status ${state.session.status} does not allow this operation`);
}

/** The verification of a device PATCH (server `loadOpenForDevice`): 409 final, 404 not open. */
function openForDevice(state: ScenarioState, verificationId: unknown): void {
  const { status } = state.session;
  if (verificationId !== state.session.verificationId) throw general(404, 'verification not found');
  if (status === 'success' || status === 'failed')
    throw general(409, `verification status ${status} does not allow this operation`);
  if (
    (status !== 'pending' && status !== 'started') ||
    !state.linkActive ||
    state.linkExpiresAt <= Date.now()
  )
    throw general(404, 'verification not found');
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(ctx: KoaLikeContext, status: number, body?: unknown): void {
  ctx.status = status;
  if (body !== undefined) {
    ctx.set('content-type', 'application/json; charset=utf-8');
    ctx.body = JSON.stringify(body);
  } else {
    ctx.body = '';
  }
}

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
      const state = newState(scenario);
      scenarios.set(id, state);
      const sessionToken = scenario.opened ? openSession(state, undefined).sessionToken : undefined;
      const status = scenario.session?.status;
      if (scenario.opened && status) {
        state.session.status = status;
        if (status === 'success' || status === 'failed') {
          state.session.step = 'END_OPERATION';
          state.linkActive = false;
        }
      }
      send(ctx, 201, {
        id,
        apiBase: `/double/${id}/api/v1`,
        linkId: state.session.linkId,
        verificationId: state.session.verificationId,
        fingerprintUrl: `/double/${id}/fingerprint`,
        fingerprintBody: state.fingerprintBody,
        fingerprintEtag: fingerprintEtag(id),
        ...(sessionToken ? { sessionToken } : {}),
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
    if (rest.startsWith('/api/v1/')) {
      await serveApi(ctx, state, rest.slice('/api/v1'.length), body);
      return;
    }
    serveControl(ctx, state, match[1]!, rest, body);
  };
}

/** The ETag (the service's cache identifier) of a scenario's fingerprint answer. */
const fingerprintEtag = (id: string): string => `"fp-${id}"`;

/** Test controls: what the element sent, and what happens elsewhere (another device, time). */
function serveControl(
  ctx: KoaLikeContext,
  state: ScenarioState,
  id: string,
  rest: string,
  body: Buffer,
): void {
  const json = () => JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
  if (rest === '/requests' && ctx.method === 'GET') return send(ctx, 200, state.requests);
  if (rest === '/finish' && ctx.method === 'POST') {
    // The verification ended elsewhere (on the phone after a hand-off, or by a feedback override).
    state.session.status = json().status as VerificationStatus;
    state.session.step = 'END_OPERATION';
    state.linkActive = false;
    return send(ctx, 204);
  }
  if (rest === '/expire' && ctx.method === 'POST') {
    expire(state, json().window === 'data' ? 'data' : 'link');
    return send(ctx, 204);
  }
  if (rest === '/fingerprint' && ctx.method === 'GET') {
    // As the fingerprint service: the same ETag identifier, storable so the browser keeps it.
    state.fingerprintFetches.push({
      ifNoneMatch: ctx.get('if-none-match') || null,
      cacheControl: ctx.get('cache-control') || null,
    });
    ctx.status = 200;
    ctx.set('content-type', 'application/json; charset=utf-8');
    ctx.set('etag', fingerprintEtag(id));
    ctx.set('cache-control', 'private, no-cache');
    ctx.body = state.fingerprintBody;
    return;
  }
  if (rest === '/fingerprint-fetches' && ctx.method === 'GET')
    return send(ctx, 200, state.fingerprintFetches);
  send(ctx, 404, { message: 'given resource is not implemented', resource: ctx.path });
}

function recordForm(parts: Part[]): NonNullable<RecordedRequest['form']> {
  const out: NonNullable<RecordedRequest['form']> = {};
  for (const part of parts) {
    if (part.kind === 'field') out[part.name] = part.value;
    else {
      const list = (out[part.name] as RecordedFile[]) ?? [];
      list.push({
        type: part.type,
        size: part.bytes.length,
        name: part.fileName,
        base64: part.bytes.toString('base64'),
      });
      out[part.name] = list;
    }
  }
  return out;
}

/** The route of a request (its rate-limit budget), or `undefined` for an unknown one. */
function routeOf(method: string, path: string): string | undefined {
  if (/^\/verifications\/[^/]+\/status$/.test(path) && method === 'GET') return 'status';
  if (/^\/flow\/captures\/(front|back|selfie)$/.test(path) && method === 'POST') return 'captures';
  const known = [
    'PATCH /verifications',
    'PATCH /verifications/error',
    'PATCH /verifications/identify',
    'POST /flow/sessions',
    'GET /flow/session',
    'POST /flow/terms',
    'POST /flow/document-type',
    'POST /flow/handoff',
    'POST /flow/fingerprint',
  ];
  const route = `${method} ${path}`;
  return known.includes(route) ? route : undefined;
}

/** Counts a request against its route's budget (fixed window, as @fastify/rate-limit); 429 when spent. */
function spendBudget(state: ScenarioState, route: string): void {
  // The status poll has its own budget (600 per minute per verification); the device routes 120.
  const budget =
    route === 'status'
      ? { max: 600, windowMs: 60_000 }
      : (state.scenario.rateLimit ?? DEVICE_BUDGET);
  const now = Date.now();
  let counter = state.budgets.get(route);
  if (!counter || counter.resetAt <= now) {
    counter = { count: 0, resetAt: now + budget.windowMs };
    state.budgets.set(route, counter);
  }
  counter.count += 1;
  if (counter.count > budget.max) {
    const seconds = Math.max(1, Math.ceil((counter.resetAt - now) / 1000));
    throw general(429, 'too many requests', { 'Retry-After': String(seconds) });
  }
}

async function serveApi(
  ctx: KoaLikeContext,
  state: ScenarioState,
  path: string,
  body: Buffer,
): Promise<void> {
  const contentType = ctx.get('content-type');
  const record: RecordedRequest = {
    method: ctx.method,
    path: path + (ctx.querystring ? `?${ctx.querystring}` : ''),
    flowSession: ctx.get('x-flow-session') || null,
  };
  state.requests.push(record);
  let status = 200;
  let answer: unknown;
  try {
    let parts: Part[] | undefined;
    if (contentType.startsWith('multipart/form-data')) {
      parts = await readParts(contentType, body).catch(() => []);
      record.form = recordForm(parts);
    } else if (body.length > 0) record.raw = body.toString('utf8');
    const route = routeOf(ctx.method, path);
    if (!route)
      throw new Answer(404, { message: 'given resource is not implemented', resource: path });
    spendBudget(state, route);
    [status, answer] = await handle(ctx, state, path, route, record, contentType, body);
  } catch (error) {
    if (!(error instanceof Answer)) throw error;
    for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
    [status, answer] = [error.status, error.body];
  }
  record.status = status;
  send(ctx, status, answer);
}

/** A JSON body as the server parses it: 415 for another type, 400 when not JSON or invalid. */
function jsonBody(
  record: RecordedRequest,
  contentType: string,
  schema: SchemaName,
): Record<string, unknown> {
  if (!contentType.toLowerCase().startsWith('application/json'))
    throw general(415, `Unsupported Media Type: ${contentType || 'none'}`);
  try {
    record.json = JSON.parse(record.raw ?? '');
  } catch {
    throw general(400, "Body is not valid JSON but content-type is set to 'application/json'");
  }
  const error = validationError(schema, record.json, 'body');
  if (error) throw general(400, error);
  return record.json as Record<string, unknown>;
}

/** Opens the link on a device, or moves the session to it with the hand-off token (server `open`). */
function openSession(state: ScenarioState, handoffToken: string | undefined): CreatedFlowSession {
  const session = state.session;
  if (session.status === 'expired' || state.linkExpiresAt <= Date.now())
    throw linkError(state, 4092);
  if (session.status === 'success' || session.status === 'failed' || !state.linkActive)
    throw linkError(state, state.boundToken === undefined ? 4093 : 4091);
  const sessionToken = newToken();
  if (state.boundToken !== undefined) {
    const handoff = state.handoff;
    if (
      !handoffToken ||
      !handoff ||
      handoff.expiresAt <= Date.now() ||
      handoff.token !== handoffToken
    )
      throw linkError(state, 4091);
    state.handoff = undefined;
  } else if (session.status === 'pending') {
    session.status = 'started';
    session.operationGuid = randomUUID();
  }
  state.boundToken = sessionToken;
  return { ...view(state), sessionToken };
}

async function handle(
  ctx: KoaLikeContext,
  state: ScenarioState,
  path: string,
  route: string,
  record: RecordedRequest,
  contentType: string,
  body: Buffer,
): Promise<[number, unknown]> {
  const { session, scenario } = state;
  if (route === 'status') {
    const query = new URLSearchParams(ctx.querystring);
    if (
      path !== `/verifications/${session.verificationId}/status` ||
      query.get('linkId') !== session.linkId
    )
      throw general(403, 'linkId missing or not matching the verification');
    const answer: StatusPollResult = {
      status: session.status,
      operationGuid: session.operationGuid,
      method: session.method,
    };
    return [200, query.get('include') === 'operationGuid' ? answer : session.status];
  }
  if (route === 'PATCH /verifications') {
    // The server's preValidation names a server-derived field before the schema runs.
    let sent: { geolocation?: unknown } | null = null;
    try {
      sent = JSON.parse(record.raw ?? '') as { geolocation?: unknown } | null;
    } catch {
      // jsonBody answers the 400 below.
    }
    const geolocationSent = sent?.geolocation;
    const derived = ['tier', 'policy', 'ipDistanceKm', 'serverIp'].find(
      (field) =>
        typeof geolocationSent === 'object' &&
        geolocationSent !== null &&
        Object.hasOwn(geolocationSent, field),
    );
    if (derived)
      throw general(400, `geolocation.${derived} is derived by the server and must not be sent`);
    const report = jsonBody(record, contentType, 'geolocationReport');
    const geolocation = report.geolocation as Record<string, unknown>;
    if (
      ['gps', 'wifi', 'cell'].includes(String(geolocation.source)) &&
      (geolocation.deviceLatitude === undefined || geolocation.deviceLongitude === undefined)
    )
      throw general(
        400,
        'geolocation.source gps/wifi/cell needs deviceLatitude and deviceLongitude',
      );
    openForDevice(state, report.verificationId);
    return [200, { _id: session.verificationId, status: session.status, step: session.step }];
  }
  if (route === 'PATCH /verifications/error') {
    const report = jsonBody(record, contentType, 'errorReport');
    openForDevice(state, report.verificationId);
    return [200, { _id: session.verificationId, status: session.status, step: session.step }];
  }
  if (route === 'PATCH /verifications/identify') {
    const identify = jsonBody(record, contentType, 'identify');
    openForDevice(state, identify.verificationId);
    // The branch is settled again only while the flow is open and no capture was attempted.
    const attempted =
      session.completedCaptures.length > 0 ||
      Object.values(session.remainingRetries).some((left) => left < 3);
    if (session.status === 'started' && !attempted)
      session.method = scenario.identifyMethod ?? 'DOCUMENT';
    const answer: IdentifyResult = {
      status: session.status,
      operationGuid: session.operationGuid,
      method: session.method,
    };
    return [200, answer];
  }
  if (route === 'POST /flow/sessions') {
    const open = jsonBody(record, contentType, 'openSession');
    if (open.linkId !== session.linkId) throw general(404, 'link not found');
    return [201, openSession(state, open.handoffToken as string | undefined)];
  }
  // Every other flow call: the session of this device (a token moved away by a hand-off is unknown).
  if (!record.flowSession || record.flowSession !== state.boundToken)
    throw general(401, 'missing or unknown X-Flow-Session');
  if (route === 'GET /flow/session') return [200, view(state)];
  if (route === 'POST /flow/terms') {
    jsonBody(record, contentType, 'terms');
    openVerification(state);
    session.termsAccepted = true;
    return [200, view(state)];
  }
  if (route === 'POST /flow/document-type') {
    const { documentType: chosen } = jsonBody(record, contentType, 'documentType') as {
      documentType: 'ID_CARD' | 'PASSPORT';
    };
    openVerification(state);
    if (!session.documentTypes.includes(chosen))
      throw general(409, `document type ${chosen} is not allowed for this link`);
    if (session.completedCaptures.length > 0 && documentType(session) !== chosen)
      throw general(409, 'the document type cannot change after the first capture');
    session.documentType = chosen;
    return [200, view(state)];
  }
  if (route === 'POST /flow/handoff') {
    openVerification(state);
    const token = newToken();
    const expiresAt = Math.min(Date.now() + HANDOFF_TTL_MS, state.linkExpiresAt);
    state.handoff = { token, expiresAt };
    const ticket: HandoffTicket = {
      handoffUrl: `https://verify.example.test/v/${session.linkId}?${new URLSearchParams({ handoff: token })}`,
      handoffToken: token,
      expiresAt: new Date(expiresAt).toISOString(),
    };
    return [200, ticket];
  }
  if (route === 'POST /flow/fingerprint') {
    if (!contentType.toLowerCase().startsWith('application/json'))
      throw general(415, `Unsupported Media Type: ${contentType || 'none'}`);
    if (body.length > 64 * 1024) throw general(413, 'Request body is too large');
    openVerification(state);
    if (scenario.fingerprintConfigured === false)
      throw general(503, 'fingerprint verification is not configured (IDV_FINGERPRINT_URL)');
    const refusal = fingerprintRefusal(record.raw ?? '');
    if (refusal) throw general(400, refusal);
    return [204, undefined];
  }
  const kind = path.slice('/flow/captures/'.length) as CaptureKind;
  return [200, await capture(state, kind, record, contentType, body)];
}

/** `POST /flow/captures/{kind}`: the checks in the server's order, then the scripted analysis. */
async function capture(
  state: ScenarioState,
  kind: CaptureKind,
  record: RecordedRequest,
  contentType: string,
  body: Buffer,
): Promise<CaptureResult> {
  const session = state.session;
  // Refuse what the flow does not expect before reading the upload.
  openVerification(state);
  if (!session.termsAccepted) throw general(409, 'accept the terms first (POST /flow/terms)');
  if (session.method === null && kind === 'front') session.method = 'DOCUMENT';
  // The first front fixes the type: the choice, the link's only type, or a card.
  if (kind === 'front') session.documentType = documentType(session) ?? 'ID_CARD';
  const expected = nextCapture(session);
  if (expected !== kind)
    throw general(
      409,
      expected === 'done'
        ? 'no capture is expected now'
        : `capture ${kind} is not expected now; the flow expects ${expected}`,
    );
  let selfieMeta: { source?: string; challenge?: unknown } = {};
  try {
    const { files, meta } = captureParts(await readParts(contentType, body), kind);
    const count = files.length;
    if (kind === 'selfie' && (count < 1 || count > maxSelfieFrames))
      throw new UploadRefusal(400, `send 1 to ${maxSelfieFrames} frames (got ${count})`);
    if (kind !== 'selfie' && count !== 1)
      throw new UploadRefusal(400, `send exactly one image (got ${count})`);
    if (meta === undefined)
      throw new UploadRefusal(400, 'multipart body must contain the meta field');
    let parsed: unknown;
    try {
      parsed = JSON.parse(meta);
    } catch {
      throw new UploadRefusal(400, 'meta must be JSON');
    }
    const metaError = validationError(
      kind === 'selfie' ? 'selfieMeta' : 'documentMeta',
      parsed,
      'meta',
    );
    if (metaError) throw new UploadRefusal(400, metaError);
    const described = (parsed as { frames?: unknown[] }).frames?.length ?? 0;
    if (kind === 'selfie' && described !== 0 && described !== count)
      throw new UploadRefusal(
        400,
        `meta.frames describes ${described} frames but ${count} were sent`,
      );
    for (const [index, file] of files.entries())
      await checkImage(file, kind === 'selfie' ? `frames[${index}]` : 'image');
    if (kind === 'selfie') selfieMeta = parsed as typeof selfieMeta;
  } catch (error) {
    if (error instanceof UploadRefusal) throw general(error.status, error.message);
    throw error;
  }
  // As the service: a selfie without a live challenge (an upload, or no challenge claimed) is
  // refused with LIVENESS_REQUIRED unless the company allows uploaded selfies.
  const withoutLiveness =
    kind === 'selfie' &&
    !session.company.allowUploadedSelfie &&
    (selfieMeta.source === 'upload' || selfieMeta.challenge === null);
  const scripted = state.scenario.captures?.[kind]?.shift() ?? { kind: 'accept' };
  const answer: CaptureAnswer =
    withoutLiveness && scripted.kind === 'accept'
      ? {
          kind: 'reject',
          code: 'LIVENESS_REQUIRED',
          message: 'The selfie must be taken live, with the face check.',
        }
      : scripted;
  if (answer.kind === 'unavailable')
    throw general(503, 'the analysis service is unavailable; try again');
  const remaining = session.remainingRetries[kind];
  if (answer.kind === 'accept') {
    session.completedCaptures.push(kind);
    session.step = STEP_OF[kind];
    const next = nextCapture(session);
    if (next === 'done') {
      session.status = 'success';
      session.step = 'END_OPERATION';
      state.linkActive = false;
    }
    return {
      accepted: true,
      status: session.status,
      step: session.step,
      remainingRetries: remaining,
      next,
    };
  }
  const left = remaining - 1;
  session.remainingRetries[kind] = left;
  const error = { code: answer.code, message: answer.message };
  if (left > 0)
    return {
      accepted: false,
      status: 'started',
      step: session.step,
      remainingRetries: left,
      error,
      next: kind,
    };
  session.status = 'failed';
  session.step = 'END_OPERATION';
  state.linkActive = false;
  return {
    accepted: false,
    status: 'failed',
    step: 'END_OPERATION',
    remainingRetries: 0,
    error,
    next: 'done',
  };
}
