import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Errors } from '../lib/errors.js';
import { compileStrict } from '../plugins/app/validation.js';
import multipart, { readMultipart } from '../plugins/external/multipart.js';
import {
  CaptureMultipartBody,
  CaptureParams,
  CaptureResult,
  FlowSessionHeaders,
  DocumentCaptureMeta,
  SelfieCaptureMeta,
} from '@idv/contract';
import { documentedBody, errorResponses } from '../lib/route-schemas.js';
import {
  CAPTURE_MAX_BYTES,
  CAPTURE_META_MAX_BYTES as META_MAX_BYTES,
  MAX_SELFIE_FRAMES,
} from '@idv/contract/limits';
import { normalizeCapture } from '../services/capture-images.js';
import type { CaptureUpload } from '../services/pipeline/capture-analysis.js';
import { flowVerificationOf } from '../plugins/app/flow-session.js';
import { DEVICE_RATE_LIMIT } from '../lib/device-rate-limit.js';

const checkDocumentMeta = compileStrict<DocumentCaptureMeta>(DocumentCaptureMeta, 'meta');
const checkSelfieMeta = compileStrict<SelfieCaptureMeta>(SelfieCaptureMeta, 'meta');

function parseMeta<T>(text: string | undefined, check: (value: unknown) => T): T {
  if (text === undefined) throw Errors.badRequest('multipart body must contain the meta field');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw Errors.badRequest('meta must be JSON');
  }
  try {
    return check(value);
  } catch (error) {
    throw Errors.badRequest((error as Error).message);
  }
}

/** A capture upload as received: the raw file parts and the `meta` text, nothing decoded yet. */
interface ReceivedUpload {
  kind: 'front' | 'back' | 'selfie';
  files: Buffer[];
  meta: string | undefined;
}

/**
 * Reads a capture upload: only the expected file field (`image` exactly once, or `frames` 1–5
 * times) and `meta`, each image at most 10 MB. A part that does not belong (another field, a
 * second `image`, a sixth frame) is refused (400) as soon as its headers arrive, before its bytes
 * are read.
 */
async function receiveUpload(
  request: FastifyRequest,
  kind: 'front' | 'back' | 'selfie',
): Promise<ReceivedUpload> {
  if (!request.isMultipart())
    throw Errors.unsupportedMediaType('captures must be multipart/form-data');
  const fileField = kind === 'selfie' ? 'frames' : 'image';
  const maxFiles = kind === 'selfie' ? MAX_SELFIE_FRAMES : 1;
  const files: Buffer[] = [];
  let meta: string | undefined;
  const parts = request.parts({
    limits: {
      // One more than allowed, so the extra part reaches the check below (a clear 400).
      files: maxFiles + 1,
      fileSize: CAPTURE_MAX_BYTES,
      fields: 2,
      fieldSize: META_MAX_BYTES,
      parts: maxFiles + 3,
    },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField)
        throw Errors.badRequest(`unexpected file field ${part.fieldname}; send ${fileField}`);
      if (files.length >= maxFiles)
        throw Errors.badRequest(
          kind === 'selfie'
            ? `send 1 to ${MAX_SELFIE_FRAMES} frames`
            : 'send exactly one image (got a second image part)',
        );
      files.push(await part.toBuffer());
    } else {
      if (part.fieldname !== 'meta')
        throw Errors.badRequest(`unexpected field ${part.fieldname}; send ${fileField} and meta`);
      if (meta !== undefined) throw Errors.badRequest('meta must be sent once');
      meta = String(part.value);
    }
  }
  return { kind, files, meta };
}

/** Checks `meta` and decodes the images (by decoding, never by their declared type). */
async function decodeUpload({ kind, files, meta }: ReceivedUpload): Promise<CaptureUpload> {
  if (kind === 'selfie') {
    if (files.length < 1 || files.length > MAX_SELFIE_FRAMES)
      throw Errors.badRequest(`send 1 to ${MAX_SELFIE_FRAMES} frames (got ${files.length})`);
    const parsed = parseMeta(meta, checkSelfieMeta);
    if (parsed.frames.length !== 0 && parsed.frames.length !== files.length)
      throw Errors.badRequest(
        `meta.frames describes ${parsed.frames.length} frames but ${files.length} were sent`,
      );
    const images: Buffer[] = [];
    for (const [index, file] of files.entries())
      images.push((await normalizeCapture(file, `frames[${index}]`)).jpeg);
    return { kind, images, meta: parsed };
  }
  if (files.length !== 1) throw Errors.badRequest(`send exactly one image (got ${files.length})`);
  const parsed = parseMeta(meta, checkDocumentMeta);
  const image = await normalizeCapture(files[0]!, 'image');
  return kind === 'front'
    ? { kind, images: [image.jpeg], meta: parsed }
    : { kind, images: [image.jpeg], meta: parsed };
}

/**
 * `POST /flow/captures/{front,back,selfie}`: one capture attempt. 200 with the `CaptureResult`
 * whether it passed or not; 4xx only for a bad request (400/413/415), a capture the flow does not
 * expect now, terms not accepted or another upload of the session under way (409), a verification
 * no longer open (409 finished, 410 expired); 503 with `Retry-After` when every processing slot
 * of the process is taken.
 */
const flowCaptureRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Multipart parsing, and the hooks it adds to every request of its context, only here.
  await app.register(multipart);
  app.post(
    '/flow/captures/:kind',
    {
      bodyLimit: MAX_SELFIE_FRAMES * CAPTURE_MAX_BYTES + META_MAX_BYTES + 64 * 1024,
      config: {
        rateLimit: DEVICE_RATE_LIMIT,
        ...documentedBody({ 'multipart/form-data': CaptureMultipartBody }),
      },
      schema: {
        tags: ['Flow (device)'],
        summary: 'Submit a capture',
        description:
          'multipart/form-data. `front`, `back`: one `image` (JPEG, PNG or WebP, ≤ 10 MB, ≤ 40 megapixels, checked by decoding; ' +
          'EXIF orientation applied) and `meta` (JSON `{source, quality, width, height, autoCaptured}`). `selfie`: 1–5 `frames` and ' +
          '`meta` (JSON `{source, challenge: {type, passed, durationMs, samples}|null, frames: [{role, yaw, pitch, eyeOpenness}]}`, ' +
          '`frames` empty or one entry per frame). Answers 200 with the `CaptureResult`, `accepted: false` with the reason when the ' +
          'capture did not pass (`remainingRetries` down; the last failure fails the verification). One upload per session at a ' +
          'time: a second one while the first is read or analysed answers 409 at once. 503 with `Retry-After` when the server ' +
          'is analysing as many captures as it allows (`IDV_CAPTURE_CONCURRENCY`).',
        consumes: ['multipart/form-data'],
        headers: FlowSessionHeaders,
        params: CaptureParams,
        response: {
          200: CaptureResult,
          ...errorResponses(400, 401, 409, 410, 413, 415, 429, 503),
        },
      },
    },
    async (request) => {
      const verificationId = flowVerificationOf(request);
      const { kind } = request.params;
      const slots = app.services.captureSlots;
      // Before a byte of the body is read: refuse when every processing slot is taken (503), and
      // what the flow does not expect or another upload of this session holds the lock (409).
      slots.ensureAvailable();
      const unlock = await app.services.captures.lock(verificationId, kind);
      try {
        const received = await readMultipart(() => receiveUpload(request, kind));
        const release = slots.acquire();
        try {
          const upload = await decodeUpload(received);
          return await app.services.captures.submit(verificationId, upload, { lockHeld: true });
        } finally {
          release();
        }
      } finally {
        await unlock();
      }
    },
  );
};

export default flowCaptureRoutes;
