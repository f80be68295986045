import sharp from 'sharp';
import { isoAt } from '../lib/clock.js';
import { ApiError, Errors } from '../lib/errors.js';
import type { ActivityLogService } from './activity-log.js';
import type { CompanyService } from './companies.js';
import type { ServiceContext } from './context.js';

/** Formats accepted for a logo (SVG is refused: it can carry script). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
/** Logos are stored at most this many pixels on each side. */
const MAX_SIDE = 512;
/** Refuse decompression bombs before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Company logos: decoded and re-encoded as PNG (so what is served is a clean image, never the
 * upload), one per company, kept in the database (`company_logos`, keyed by the company). The
 * REST API (`POST /users/me/company/logo`) and the portal's Company screen both go through here.
 */
export class LogoService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly activity: ActivityLogService,
    private readonly companies: CompanyService,
  ) {}

  /**
   * Decodes an uploaded image fully (a truncated or fake file fails here), then stores it
   * re-encoded as PNG within 512×512 pixels. 400 for anything that is not a JPEG, PNG or WebP
   * image, and on the Basic plan (its branding is the business name alone).
   */
  async upload(companyId: string, userId: string, bytes: Buffer, ip: string): Promise<void> {
    await this.#brandable(companyId);
    let png: Buffer;
    try {
      const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
      const metadata = await image.metadata();
      if (metadata.format === undefined || !ACCEPTED_FORMATS.has(metadata.format)) {
        throw Errors.badRequest('logo must be a JPEG, PNG or WebP image');
      }
      png = await image
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw Errors.badRequest('logo is not a readable image');
    }
    const now = isoAt(this.ctx.clock.now());
    // The logo and its activity entry are one change: both are kept, or neither.
    await this.ctx.database.writeTransaction(async (trx) => {
      await trx
        .insertInto('company_logos')
        .values({ company_id: companyId, content_type: 'image/png', data: png, updated_at: now })
        .onConflict((oc) =>
          oc
            .column('company_id')
            .doUpdateSet({ content_type: 'image/png', data: png, updated_at: now }),
        )
        .execute();
      await this.activity.record(
        {
          companyId,
          userId,
          action: 'company.logo_uploaded',
          resource: 'company',
          resourceId: companyId,
          ip,
        },
        trx,
      );
    });
  }

  /**
   * Removes the company's logo (the element then shows the name's monogram). Answers whether there
   * was one; only a removal is logged.
   */
  async remove(companyId: string, userId: string, ip: string): Promise<boolean> {
    return this.ctx.database.writeTransaction(async (trx) => {
      const removed = await trx
        .deleteFrom('company_logos')
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return false;
      await this.activity.record(
        {
          companyId,
          userId,
          action: 'company.logo_removed',
          resource: 'company',
          resourceId: companyId,
          ip,
        },
        trx,
      );
      return true;
    });
  }

  /** 400 on the Basic plan: only the business name is configurable for branding (spec: Plans). */
  async #brandable(companyId: string): Promise<void> {
    const company = await this.companies.get(companyId);
    if (company.plan === 'basic')
      throw Errors.badRequest(
        'only the business name is configurable for branding on the basic plan',
      );
  }

  /** The stored logo, or undefined (unknown company and no logo look the same). */
  async read(
    companyId: string,
  ): Promise<{ contentType: string; bytes: Buffer; updatedAt: string } | undefined> {
    const row = await this.ctx.database.db
      .selectFrom('company_logos')
      .select(['content_type', 'data', 'updated_at'])
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    return row === undefined
      ? undefined
      : { contentType: row.content_type, bytes: Buffer.from(row.data), updatedAt: row.updated_at };
  }
}
