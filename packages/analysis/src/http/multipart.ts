import type { FastifyRequest } from 'fastify';
import { AnalysisInputError } from '../errors.js';

/** Files and text fields of a multipart request. */
export interface MultipartBody {
  files: Buffer[];
  fields: Record<string, string>;
}

/**
 * Reads a multipart body: files only under `fileField` (between `minFiles` and `maxFiles`), text
 * fields only among `textFields`. Anything else is a 400; size limits are the multipart plugin's (413).
 */
export async function readMultipart(
  request: FastifyRequest,
  fileField: string,
  minFiles: number,
  maxFiles: number,
  textFields: readonly string[] = [],
): Promise<MultipartBody> {
  if (!request.isMultipart())
    throw new AnalysisInputError(
      'IDV_ERR_BAD_REQUEST',
      'The body must be multipart/form-data.',
      400,
    );
  const files: Buffer[] = [];
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== fileField) {
        part.file.resume();
        throw new AnalysisInputError(
          'IDV_ERR_BAD_REQUEST',
          `Unexpected file field "${part.fieldname}"; send "${fileField}".`,
          400,
        );
      }
      if (files.length >= maxFiles) {
        part.file.resume();
        throw new AnalysisInputError(
          'IDV_ERR_BAD_REQUEST',
          `At most ${maxFiles} "${fileField}" files are accepted.`,
          400,
        );
      }
      files.push(await part.toBuffer());
    } else {
      if (!textFields.includes(part.fieldname))
        throw new AnalysisInputError(
          'IDV_ERR_BAD_REQUEST',
          `Unexpected field "${part.fieldname}".`,
          400,
        );
      fields[part.fieldname] = String(part.value);
    }
  }
  if (files.length < minFiles)
    throw new AnalysisInputError(
      'IDV_ERR_BAD_REQUEST',
      minFiles === 1
        ? `The "${fileField}" file is missing.`
        : `At least ${minFiles} "${fileField}" files are needed.`,
      400,
    );
  return { files, fields };
}
