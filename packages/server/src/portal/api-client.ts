import type { DatabaseHandle } from '../db/database.js';
import { Errors } from '../lib/errors.js';
import type { CompanyService } from '../services/companies.js';
import { planHasApi } from '../services/plans.js';

/**
 * The REST API client (the `users` row: client id, secrets) of the company a portal person
 * belongs to. One per company today (`account create` makes it); the oldest one if ever more.
 */
export class ApiClientOfCompany {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly companies: CompanyService,
  ) {}

  /**
   * The client's user id and client id. 403 `IDV_ERR_PLAN_REQUIRED` when the company's plan has
   * no API (the REST API refuses its tokens the same way), 404 when it has no client.
   */
  async of(companyId: string): Promise<{ userId: string; clientId: string }> {
    const company = await this.companies.get(companyId);
    if (!planHasApi(company.plan)) throw Errors.planRequired();
    const row = await this.database.db
      .selectFrom('users')
      .select(['id', 'client_id'])
      .where('company_id', '=', companyId)
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    if (row === undefined) throw Errors.notFound('API client');
    return { userId: row.id, clientId: row.client_id };
  }
}
