import { createHash } from 'node:crypto';
import { decodeImage, type DecodedImage, type ImageLimits } from '../image/decode.js';
import { stretchDarkLevels } from '../image/levels.js';
import { stage } from '../perf/stages.js';
import { locateAndRectify, type LocatedDocument } from './locate.js';

/** Longest side at which uploads are decoded for document reading. */
export const DOCUMENT_DECODE_SIDE = 1600;

/** A decoded upload with its document found and flattened. Shared: callers must not write into it. */
export interface LocatedUpload {
  decoded: DecodedImage;
  located: LocatedDocument;
}

/** How many recent uploads are kept: a passport page is read twice in a row (front, then back). */
const RECENT = 2;
const recent = new Map<string, Promise<LocatedUpload>>();

/**
 * Decodes an upload and locates the document in it, once per distinct upload: the front and back
 * analyses of a passport data page (the same bytes twice in a row) share one decode, one outline
 * search and one warp. Keyed by the SHA-256 of the bytes and the limits; at most {@link RECENT}
 * entries (about 8 MB each), the oldest dropped first; a failed decode is not kept.
 */
export function decodeAndLocate(
  bytes: Buffer,
  side: 'front' | 'back',
  limits?: ImageLimits,
): Promise<LocatedUpload> {
  const key = `${createHash('sha256').update(bytes).digest('hex')}:${JSON.stringify(limits ?? null)}`;
  const known = recent.get(key);
  if (known) {
    recent.delete(key);
    recent.set(key, known);
    return known;
  }
  const pending = (async () => {
    const decoded = await stage(`${side}: decode`, async () =>
      stretchDarkLevels(await decodeImage(bytes, DOCUMENT_DECODE_SIDE, limits)),
    );
    const located = await stage(`${side}: outline + warp`, () => locateAndRectify(decoded));
    return { decoded, located };
  })();
  recent.set(key, pending);
  pending.catch(() => recent.delete(key));
  while (recent.size > RECENT) recent.delete(recent.keys().next().value as string);
  return pending;
}
