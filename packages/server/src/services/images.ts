import type * as contract from '@idv/contract';
import { timeOrderedUuid } from '../lib/ids.js';
import { isoAt } from '../lib/clock.js';
import { Errors } from '../lib/errors.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { ServiceContext } from './context.js';
import type { VerificationService } from './verifications.js';

export type ImageKind = 'front' | 'back' | 'selfie';

/** One entry of `GET /verifications/{verificationId}/images` (DESIGN §4). */
export type ImageInfo = contract.ImageInfo;

/** Images of verifications: metadata in the database, bytes in the blob store. */
export class ImageService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly blobs: BlobStore,
    private readonly verifications: VerificationService,
  ) {}

  /** Stores one captured image of a verification (used by the capture pipeline). */
  async store(
    verificationId: string,
    kind: ImageKind,
    bytes: Buffer,
    contentType: string,
  ): Promise<ImageInfo> {
    const verification = await this.ctx.database.db
      .selectFrom('verifications')
      .select(['id', 'company_id'])
      .where('id', '=', verificationId)
      .executeTakeFirst();
    if (verification === undefined) throw Errors.notFound('verification');
    const id = timeOrderedUuid();
    const blobKey = `${verification.company_id}/${verificationId}/${id}`;
    const createdAt = isoAt(this.ctx.clock.now());
    // The row first, then the bytes: a failure in between leaves a row without bytes (read as
    // 404, swept by retention), never bytes no row points at (an orphan nothing would delete).
    await this.ctx.database.db
      .insertInto('images')
      .values({
        id,
        verification_id: verificationId,
        company_id: verification.company_id,
        kind,
        content_type: contentType,
        size: bytes.length,
        blob_key: blobKey,
        created_at: createdAt,
      })
      .execute();
    try {
      await this.blobs.put(blobKey, bytes);
    } catch (error) {
      await this.ctx.database.db.deleteFrom('images').where('id', '=', id).execute();
      throw error;
    }
    return { _id: id, kind, contentType, size: bytes.length, createdAt };
  }

  /** Lists a verification's images; 404 when unknown, another company's, or past its readable window. */
  async list(companyId: string, verificationId: string): Promise<ImageInfo[]> {
    const verification = await this.verifications.loadForCompany(companyId, verificationId);
    if (Date.parse(verification.expires_at) <= this.ctx.clock.now())
      throw Errors.notFound('images');
    const rows = await this.ctx.database.db
      .selectFrom('images')
      .select(['id', 'kind', 'content_type', 'size', 'created_at'])
      .where('verification_id', '=', verificationId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      _id: r.id,
      kind: r.kind,
      contentType: r.content_type,
      size: r.size,
      createdAt: r.created_at,
    }));
  }

  /** One image's bytes; 404 when unknown, another company's, or past the readable window. */
  async read(companyId: string, imageId: string): Promise<{ contentType: string; bytes: Buffer }> {
    const row = await this.ctx.database.db
      .selectFrom('images')
      .innerJoin('verifications', 'verifications.id', 'images.verification_id')
      .select([
        'images.blob_key',
        'images.content_type',
        'verifications.expires_at',
        'verifications.company_id',
      ])
      .where('images.id', '=', imageId)
      .executeTakeFirst();
    if (
      row === undefined ||
      row.company_id !== companyId ||
      Date.parse(row.expires_at) <= this.ctx.clock.now()
    ) {
      throw Errors.notFound('image');
    }
    const bytes = await this.blobs.get(row.blob_key);
    if (bytes === undefined) throw Errors.notFound('image');
    return { contentType: row.content_type, bytes };
  }
}
