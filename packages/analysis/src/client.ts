import {
  BackAnalysis,
  FaceAnalysis,
  FrontAnalysis,
  SpoofAnalysis,
  type LivenessSignals,
} from '@idv/contract';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { AnalysisInputError, AnalysisServiceError } from './errors.js';
import type { AnalysisEngine, AnalysisService } from './types.js';

/** Options of {@link createAnalysisClient}. */
export interface AnalysisClientOptions {
  /** Base address of ID analysis (its `/front` and `/back`), e.g. `http://analysis:8090/id`. */
  idUrl: string;
  /** Base address of face analysis (its `/inference`). */
  faceUrl: string;
  /** Base address of anti-spoofing (its `/inference`). */
  antispoofingUrl: string;
  /** `Api-Key` of each service. */
  keys: Record<AnalysisService, string>;
  /** Time limit per call, milliseconds (default 60 s). */
  timeoutMs?: number;
}

function sniffType(bytes: Buffer): string {
  if (bytes[0] === 0x89) return 'image/png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF') return 'image/webp';
  return 'image/jpeg';
}

function join(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

/**
 * The analyses of a remote analysis service over HTTP: the same {@link AnalysisEngine} as the
 * in-process engine. 400/413/422 answers become {@link AnalysisInputError} (the input was bad);
 * 401, 429, 5xx and network failures become {@link AnalysisServiceError}, and so does a 200 whose
 * body is not the contract's answer (`@idv/contract`: a service of another version), which is
 * checked before anything reads it.
 *
 * @example
 * ```ts
 * const engine = createAnalysisClient({ idUrl, faceUrl, antispoofingUrl, keys: { id: k1, face: k2, antispoofing: k3 } });
 * const result = await engine.compareFaces([selfie, documentFace]);
 * ```
 */
export function createAnalysisClient(options: AnalysisClientOptions): AnalysisEngine {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const call = async <T>(
    service: AnalysisService,
    url: string,
    form: FormData,
    answer: TSchema,
  ): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'Api-Key': options.keys[service] },
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new AnalysisServiceError(
        0,
        `The ${service} analysis service cannot be reached (${(error as Error).name}).`,
      );
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (response.ok && body !== undefined) {
      if (Value.Check(answer, body)) return body as T;
      throw new AnalysisServiceError(
        502,
        `The ${service} analysis service answered a body that is not its contract's answer.`,
      );
    }
    const message =
      typeof body === 'object' &&
      body !== null &&
      typeof (body as { message?: unknown }).message === 'string'
        ? (body as { message: string }).message
        : `The ${service} analysis service answered ${response.status}.`;
    if (response.status === 400 || response.status === 413 || response.status === 422)
      throw new AnalysisInputError(
        response.status === 413 ? 'IDV_ERR_IMAGE_TOO_LARGE' : 'IDV_ERR_BAD_REQUEST',
        message,
        response.status,
      );
    throw new AnalysisServiceError(response.status, message);
  };
  const file = (bytes: Buffer, name: string): File =>
    new File([new Uint8Array(bytes)], name, { type: sniffType(bytes) });
  return {
    analyzeFront(image) {
      const form = new FormData();
      form.append('image', file(image, 'front.jpg'));
      return call<FrontAnalysis>('id', join(options.idUrl, '/front'), form, FrontAnalysis);
    },
    analyzeBack(image, front) {
      const form = new FormData();
      form.append('image', file(image, 'back.jpg'));
      if (front) form.append('front', JSON.stringify(front));
      return call<BackAnalysis>('id', join(options.idUrl, '/back'), form, BackAnalysis);
    },
    compareFaces(images) {
      const form = new FormData();
      images.forEach((image, i) => form.append('images', file(image, `face-${i}.jpg`)));
      return call<FaceAnalysis>('face', join(options.faceUrl, '/inference'), form, FaceAnalysis);
    },
    detectSpoof(frames, signals?: LivenessSignals) {
      const form = new FormData();
      frames.forEach((frame, i) => form.append('images', file(frame, `frame-${i}.jpg`)));
      if (signals) form.append('signals', JSON.stringify(signals));
      return call<SpoofAnalysis>(
        'antispoofing',
        join(options.antispoofingUrl, '/inference'),
        form,
        SpoofAnalysis,
      );
    },
  };
}
