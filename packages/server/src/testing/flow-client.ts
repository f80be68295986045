import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './harness.js';

/** A device driving the flow API of a test app over `inject`, as the element does. */
export interface TestDevice {
  token: string;
  session: Record<string, unknown>;
  get(path: string): Promise<LightMyRequestResponse>;
  post(path: string, payload?: object): Promise<LightMyRequestResponse>;
  /** Uploads one document side (`image` + `meta`). */
  document(
    kind: 'front' | 'back',
    image: Buffer,
    meta?: Record<string, unknown>,
  ): Promise<LightMyRequestResponse>;
  /** Uploads selfie frames (`frames` + `meta`). */
  selfie(frames: Buffer[], meta?: Record<string, unknown>): Promise<LightMyRequestResponse>;
  /** Uploads the frames of a selfie with its challenge claimed as passed ({@link challengeMeta}). */
  liveSelfie(selfie: LiveSelfie): Promise<LightMyRequestResponse>;
}

/** `meta` of a camera capture of a document, as the element sends it. */
export const DOCUMENT_META = {
  source: 'camera',
  quality: { blur: 182.4, brightness: 0.61, glare: 0.004, fill: 0.42, score: 0.87 },
  width: 1280,
  height: 960,
  autoCaptured: true,
};

/**
 * `meta` of a selfie of one frontal frame without an active challenge (the manual button): refused
 * with `LIVENESS_REQUIRED` unless the company allows uploaded selfies.
 */
export const SELFIE_META = {
  source: 'camera',
  challenge: null,
  frames: [{ role: 'frontal', yaw: 0, pitch: 0, eyeOpenness: 0.9 }],
};

/** A selfie as the element sends it after a challenge: frames, and what each one is. */
export interface LiveSelfie {
  kind: 'turn-left' | 'turn-right' | 'blink';
  frames: Buffer[];
  roles: ('frontal' | 'challenge')[];
}

/**
 * `meta` of a camera selfie whose active challenge the device reports as passed (`passed: false`
 * for an unfinished one), one pose entry per frame as the element measured them.
 */
export function challengeMeta(selfie: Omit<LiveSelfie, 'frames'>, passed = true) {
  const turned = selfie.kind === 'turn-left' ? 30 : selfie.kind === 'turn-right' ? -30 : 0;
  return {
    source: 'camera',
    challenge: {
      type: selfie.kind,
      passed,
      durationMs: 1800,
      samples: [
        { t: 0, yaw: 0, pitch: 0, roll: 0, eyeOpenness: 1 },
        { t: 900, yaw: turned, pitch: 0, roll: 0, eyeOpenness: selfie.kind === 'blink' ? 0.2 : 1 },
      ],
    },
    frames: selfie.roles.map((role) => ({
      role,
      yaw: role === 'challenge' ? turned : 0,
      pitch: 0,
      eyeOpenness: role === 'challenge' && selfie.kind === 'blink' ? 0.2 : 1,
    })),
  };
}

/** A multipart body built by hand (as a browser's FormData would send it). */
export function multipart(
  files: { field: string; name: string; type: string; bytes: Buffer }[],
  fields: Record<string, string>,
): { body: Buffer; contentType: string } {
  const boundary = `----idv${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.name}"\r\ncontent-type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Opens a link's flow (or takes it over with a hand-off token) and answers the device. */
export async function openDevice(
  test: TestApp,
  linkId: string,
  handoffToken?: string,
): Promise<TestDevice> {
  const opened = await test.inject({
    method: 'POST',
    url: '/api/v1/flow/sessions',
    payload: handoffToken === undefined ? { linkId } : { linkId, handoffToken },
  });
  if (opened.statusCode !== 201)
    throw new Error(`open failed: ${opened.statusCode} ${opened.body}`);
  const session = opened.json() as Record<string, unknown>;
  const token = session.sessionToken as string;
  const headers = { 'x-flow-session': token };
  const upload = (kind: string, files: { field: string; bytes: Buffer }[], meta: object) => {
    const { body, contentType } = multipart(
      files.map((file, index) => ({ ...file, name: `${kind}-${index}.jpg`, type: 'image/jpeg' })),
      { meta: JSON.stringify(meta) },
    );
    return test.inject({
      method: 'POST',
      url: `/api/v1/flow/captures/${kind}`,
      headers: { ...headers, 'content-type': contentType },
      payload: body,
    });
  };
  return {
    token,
    session,
    get: (path) => test.inject({ method: 'GET', url: `/api/v1/flow${path}`, headers }),
    post: (path, payload) =>
      test.inject({
        method: 'POST',
        url: `/api/v1/flow${path}`,
        headers,
        ...(payload !== undefined ? { payload } : {}),
      }),
    document: (kind, image, meta = DOCUMENT_META) =>
      upload(kind, [{ field: 'image', bytes: image }], meta),
    selfie: (frames, meta = SELFIE_META) =>
      upload(
        'selfie',
        frames.map((bytes) => ({ field: 'frames', bytes })),
        meta,
      ),
    liveSelfie: (selfie) =>
      upload(
        'selfie',
        selfie.frames.map((bytes) => ({ field: 'frames', bytes })),
        challengeMeta(selfie),
      ),
  };
}
