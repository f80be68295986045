/**
 * Capture uploads as the server reads them (`packages/server/src/routes/flow-captures.ts`,
 * `services/capture-images.ts`): multipart only (415 otherwise), only the expected file field and
 * `meta`, the multipart limits (413), each image checked by decoding with sharp whatever its
 * declared type: JPEG, PNG or WebP (400), at most 10 MB and 40 megapixels (413), at least 64 px a
 * side (400).
 */
import sharp from 'sharp';

import {
  CAPTURE_MAX_BYTES,
  CAPTURE_MAX_PIXELS,
  CAPTURE_META_MAX_BYTES as META_MAX_BYTES,
  CAPTURE_MIN_SIDE,
  MAX_SELFIE_FRAMES,
} from '@idv/contract/limits';
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** A refused upload: the status and message the server answers. */
export class UploadRefusal extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/** One part of a multipart body, in order. */
export type Part =
  | { kind: 'file'; name: string; type: string; fileName: string; bytes: Buffer }
  | { kind: 'field'; name: string; value: string };

/** Reads every part of a multipart body (undici's parser), in order; 415 when not multipart. */
export async function readParts(contentType: string, body: Buffer): Promise<Part[]> {
  if (!contentType.toLowerCase().startsWith('multipart/form-data'))
    throw new UploadRefusal(415, 'captures must be multipart/form-data');
  const request = new Request('http://double.invalid/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body,
  });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new UploadRefusal(400, 'the multipart body cannot be read');
  }
  const parts: Part[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') parts.push({ kind: 'field', name, value });
    else
      parts.push({
        kind: 'file',
        name,
        type: value.type,
        fileName: value.name,
        bytes: Buffer.from(await value.arrayBuffer()),
      });
  }
  return parts;
}

/** The parts of a capture: the images of `fileField` and the `meta` text (limits as the server's). */
export function captureParts(
  parts: Part[],
  kind: 'front' | 'back' | 'selfie',
): { files: Buffer[]; meta: string | undefined } {
  const fileField = kind === 'selfie' ? 'frames' : 'image';
  if (parts.length > MAX_SELFIE_FRAMES + 3) throw new UploadRefusal(413, 'reach parts limit');
  const files: Buffer[] = [];
  let fields = 0;
  let meta: string | undefined;
  for (const part of parts) {
    if (part.kind === 'file') {
      if (files.length + 1 > MAX_SELFIE_FRAMES + 1)
        throw new UploadRefusal(413, 'reach files limit');
      if (part.bytes.length > CAPTURE_MAX_BYTES)
        throw new UploadRefusal(413, 'request file too large');
      if (part.name !== fileField)
        throw new UploadRefusal(400, `unexpected file field ${part.name}; send ${fileField}`);
      files.push(part.bytes);
    } else {
      fields += 1;
      if (fields > 2) throw new UploadRefusal(413, 'reach fields limit');
      if (part.name !== 'meta')
        throw new UploadRefusal(400, `unexpected field ${part.name}; send ${fileField} and meta`);
      if (meta !== undefined) throw new UploadRefusal(400, 'meta must be sent once');
      // Busboy truncates a longer field; the JSON then fails to parse.
      meta = part.value.slice(0, META_MAX_BYTES);
    }
  }
  return { files, meta };
}

/** Checks one image by decoding it, as the server's `normalizeCapture` does. */
export async function checkImage(bytes: Buffer, field: string): Promise<void> {
  let refusal: UploadRefusal | undefined;
  try {
    const metadata = await sharp(bytes, { failOn: 'error', limitInputPixels: false }).metadata();
    const width = metadata.width ?? 0;
    const height = metadata.height ?? 0;
    if (metadata.format === undefined || !ACCEPTED_FORMATS.has(metadata.format))
      refusal = new UploadRefusal(400, `${field} must be a JPEG, PNG or WebP image`);
    else if (width * height > CAPTURE_MAX_PIXELS)
      refusal = new UploadRefusal(
        413,
        `${field} has ${width}×${height} pixels; at most ${CAPTURE_MAX_PIXELS / 1_000_000} megapixels are accepted`,
      );
    else if (Math.min(width, height) < CAPTURE_MIN_SIDE)
      refusal = new UploadRefusal(
        400,
        `${field} is too small (${width}×${height}); at least ${CAPTURE_MIN_SIDE} px a side`,
      );
    else
      await sharp(bytes, { failOn: 'error', limitInputPixels: CAPTURE_MAX_PIXELS })
        .rotate()
        .jpeg({ quality: 92 })
        .toBuffer();
  } catch {
    refusal = new UploadRefusal(400, `${field} is not a readable JPEG, PNG or WebP image`);
  }
  if (refusal) throw refusal;
}

/** Most selfie frames per attempt. */
export const maxSelfieFrames = MAX_SELFIE_FRAMES;
