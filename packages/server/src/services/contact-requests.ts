import type * as contract from '@idv/contract';
import { randomUUID } from 'node:crypto';
import { isoAt } from '../lib/clock.js';
import type { ActivityLogService } from './activity-log.js';
import type { CompanyService } from './companies.js';
import type { ServiceContext } from './context.js';

/** `POST /service/contact-request` answer (DESIGN §4). */
export type ContactRequestView = contract.ContactRequest;

/** Commercial contact requests: one per company; company, plan and quota come from the session. */
export class ContactRequestService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly companies: CompanyService,
    private readonly activity: ActivityLogService,
  ) {}

  /** Creates the company's request (`created: true`) or returns the existing one unchanged. */
  async submit(
    companyId: string,
    userId: string,
    body: { message?: string; phone?: string },
    ip: string,
  ): Promise<{ created: boolean; request: ContactRequestView }> {
    const company = await this.companies.get(companyId);
    const db = this.ctx.database.db;
    const inserted = await db
      .insertInto('contact_requests')
      .values({
        id: randomUUID(),
        company_id: companyId,
        plan: company.plan,
        quota: company.monthly_quota,
        message: body.message ?? null,
        phone: body.phone ?? null,
        created_at: isoAt(this.ctx.clock.now()),
      })
      .onConflict((oc) => oc.column('company_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    const row = await db
      .selectFrom('contact_requests')
      .selectAll()
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    if (inserted !== undefined) {
      await this.activity.record({
        companyId,
        userId,
        action: 'contact_request.created',
        resource: 'contact_request',
        resourceId: row.id,
        ip,
      });
    }
    return {
      created: inserted !== undefined,
      request: {
        _id: row.id,
        companyId: row.company_id,
        plan: row.plan,
        quota: row.quota,
        message: row.message,
        createdAt: row.created_at,
      },
    };
  }
}
