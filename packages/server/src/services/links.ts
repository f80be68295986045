import type * as contract from '@idv/contract';
import { sql, type Selectable } from 'kysely';
import { preparedQuery } from '../db/prepared.js';
import type { LinksTable } from '../db/schema.js';
import { timeOrderedUuid } from '../lib/ids.js';
import { HOUR_MS, isoAt } from '../lib/clock.js';
import { Errors } from '../lib/errors.js';
import { parseJsonColumn, toFlag } from '../lib/json.js';
import type { PageRequest } from '../lib/paging.js';
import type { CompanyRow, CompanyService } from './companies.js';
import type { Executor, ServiceContext } from './context.js';
import { normalizeDocumentTypes, parseDocumentTypes } from './document-types.js';
import { batchedPostgresLinkCreation } from './link-creation-postgres-batch.js';
import type { GateRuleService } from './gate-rules.js';
import type { VerificationService } from './verifications.js';

/** Body of `POST /links`. */
export type NewLink = contract.NewLinkBody;

/** Answer of `POST /links`. */
export type CreatedLink = contract.CreatedLink;

/** The link record (spec: Link record). */
export type LinkRecord = contract.LinkRecord;

/** The calendar month (UTC) a time falls in, as stored in `quota_usage.period`. */
export function quotaPeriod(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** Links and the quota they consume. */
export class LinkService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly companies: CompanyService,
    private readonly verifications: VerificationService,
    private readonly gateRules: GateRuleService,
  ) {
    // Link creation is a hot write path: its statements are compiled once.
    const db = ctx.database.db;
    this.#createOnPostgres =
      ctx.database.dialect === 'postgres' ? batchedPostgresLinkCreation(db) : undefined;
    this.#consumeQuota = preparedQuery(db, ['companyId', 'period', 'quota'], (p) =>
      db
        .insertInto('quota_usage')
        .values({ company_id: p.companyId, period: p.period, used: 1 })
        .onConflict((oc) =>
          oc
            .columns(['company_id', 'period'])
            .doUpdateSet((eb) => ({ used: eb('quota_usage.used', '+', 1) }))
            .where('quota_usage.used', '<', p.quota as unknown as number),
        )
        .returning('used'),
    );
    const linkColumns = [
      'id',
      'companyId',
      'verificationId',
      'type',
      'callbackUrl',
      'externalUserId',
      'externalUserIdSource',
      'adaptiveFlowRequested',
      'adaptiveFlow',
      'metadata',
      'expiresAt',
      'createdAt',
      'createdBy',
      'createdIp',
      'documentTypes',
    ] as const;
    this.#insertLink = preparedQuery(db, linkColumns, (p) =>
      db.insertInto('links').values({
        id: p.id,
        company_id: p.companyId,
        verification_id: p.verificationId,
        type: p.type as LinksTable['type'],
        callback_url: p.callbackUrl,
        external_user_id: p.externalUserId,
        external_user_id_source: p.externalUserIdSource as LinksTable['external_user_id_source'],
        adaptive_flow_requested: p.adaptiveFlowRequested as unknown as number,
        adaptive_flow: p.adaptiveFlow as unknown as number,
        metadata: p.metadata,
        active: sql.lit(1),
        expires_at: p.expiresAt,
        created_at: p.createdAt,
        created_by: p.createdBy,
        created_ip: p.createdIp,
        document_types: p.documentTypes,
      }),
    );
  }

  /**
   * Takes one verification from the company's quota of the current month. A single atomic upsert
   * that only increments below the quota, so concurrent creations (any number of processes) can
   * never exceed it; answers false when the quota is used up.
   */
  readonly #consumeQuota;
  readonly #insertLink;
  /**
   * PostgreSQL: link, verification and quota in one statement, shared by the links of one
   * event-loop turn.
   */
  readonly #createOnPostgres;

  private async consumeQuota(trx: Executor, company: CompanyRow, now: number): Promise<boolean> {
    if (company.monthly_quota < 1) return false;
    const rows = await this.#consumeQuota(
      { companyId: company.id, period: quotaPeriod(now), quota: company.monthly_quota },
      trx,
    );
    return rows.length > 0;
  }

  /**
   * Creates a link and its `pending` verification, consuming quota (422 when used up). The link window
   * and the readable window come from the company settings (fixed on Basic).
   */
  async create(
    companyId: string,
    userId: string | null,
    input: NewLink,
    ip: string | null,
  ): Promise<CreatedLink> {
    // Both time-ordered: rows are appended at the end of their indexes (see `timeOrderedUuid` for
    // why 74 random bits are enough for the link id, a capability).
    const created = this.ctx.clock.now();
    const linkId = timeOrderedUuid(created);
    const verificationId = timeOrderedUuid(created);
    if (this.#createOnPostgres !== undefined) {
      // One statement for the links of this turn (see `batchedPostgresLinkCreation`), the company
      // settings from a recent read.
      const company = await this.companies.settingsForNewLink(companyId);
      const now = this.ctx.clock.now();
      const values = this.values(company, input, { linkId, verificationId, userId, ip, now });
      if (!(await this.#createOnPostgres({ ...values, period: quotaPeriod(now) })))
        throw Errors.quotaReached();
    } else {
      await this.ctx.database.writeTransaction(async (trx) => {
        const company = await this.companies.get(companyId, trx);
        const now = this.ctx.clock.now();
        const values = this.values(company, input, { linkId, verificationId, userId, ip, now });
        await this.#insertLink(values, trx);
        await this.verifications.createPending(trx, {
          id: verificationId,
          companyId,
          linkId,
          type: input.type,
          linkExpiresAt: values.expiresAt,
          expiresAt: values.verificationExpiresAt,
          createdAt: values.createdAt,
        });
        // Last, so that the company's quota row stays locked only until the commit. Used up:
        // the whole transaction rolls back, the link with it.
        if (!(await this.consumeQuota(trx, company, now))) throw Errors.quotaReached();
      });
    }
    return { linkId, verificationId, linkUrl: `${this.ctx.config.publicAppUrl}/v/${linkId}` };
  }

  /** A new link's columns, resolved from the request and the company settings at `now`. */
  private values(
    company: Readonly<CompanyRow>,
    input: NewLink,
    ids: {
      linkId: string;
      verificationId: string;
      userId: string | null;
      ip: string | null;
      now: number;
    },
  ) {
    const windows = this.companies.windows(company);
    const requested = input.adaptiveFlow;
    return {
      id: ids.linkId,
      companyId: company.id,
      verificationId: ids.verificationId,
      type: input.type,
      callbackUrl: input.callbackUrl ?? company.callback_url,
      externalUserId: input.externalUserId ?? null,
      externalUserIdSource: input.externalUserId === undefined ? null : ('api' as const),
      adaptiveFlowRequested: requested === undefined ? null : toFlag(requested),
      adaptiveFlow: requested === undefined ? company.adaptive_flow : toFlag(requested),
      metadata: JSON.stringify(input.metadata ?? {}),
      expiresAt: isoAt(ids.now + windows.linkHours * HOUR_MS),
      linkExpiresAt: isoAt(ids.now + windows.linkHours * HOUR_MS),
      verificationExpiresAt: isoAt(ids.now + (windows.linkHours + windows.dataHours) * HOUR_MS),
      createdAt: isoAt(ids.now),
      // The link row is also its `link.created` activity entry (migration 0004).
      createdBy: ids.userId,
      createdIp: ids.ip,
      documentTypes: JSON.stringify(
        input.documentTypes !== undefined
          ? normalizeDocumentTypes(input.documentTypes)
          : parseDocumentTypes(company.document_types),
      ),
    };
  }

  private async records(
    company: CompanyRow,
    rows: Selectable<LinksTable>[],
  ): Promise<LinkRecord[]> {
    const [companyView, template] = await Promise.all([
      this.companies.linkCompanyView(company),
      this.gateRules.activeTemplate(),
    ]);
    const now = this.ctx.clock.now();
    return rows.map((row) => {
      const record: LinkRecord = {
        _id: row.id,
        verificationId: row.verification_id,
        type: row.type,
        active: row.active === 1 && Date.parse(row.expires_at) > now,
        expiresAt: row.expires_at,
        createdAt: row.created_at,
        metadata: parseJsonColumn<Record<string, unknown>>(row.metadata, {}),
        defaultTemplateVersion: template?.version ?? null,
        adaptiveFlow: row.adaptive_flow === 1,
        documentTypes: parseDocumentTypes(row.document_types),
        company: companyView,
      };
      if (row.callback_url !== null) record.callbackUrl = row.callback_url;
      if (row.external_user_id !== null) record.externalUserId = row.external_user_id;
      return record;
    });
  }

  /** `GET /links/{id}`: another company's link answers like an unknown one (404). */
  async get(companyId: string, linkId: string): Promise<LinkRecord> {
    const row = await this.ctx.database.db
      .selectFrom('links')
      .selectAll()
      .where('id', '=', linkId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (row === undefined) throw Errors.notFound('link');
    const [record] = await this.records(await this.companies.get(companyId), [row]);
    return record!;
  }

  /** `GET /links`: newest first, one page (100 by default). */
  async list(companyId: string, page: PageRequest): Promise<LinkRecord[]> {
    const rows = await this.ctx.database.db
      .selectFrom('links')
      .selectAll()
      .where('company_id', '=', companyId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset(page.offset)
      .execute();
    return this.records(await this.companies.get(companyId), rows);
  }
}
