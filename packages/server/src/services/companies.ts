import type * as contract from '@idv/contract';
import type { Selectable } from 'kysely';
import { preparedQuery } from '../db/prepared.js';
import { RecentRows } from '../db/recent-rows.js';
import { RowCache } from '../db/row-cache.js';
import type { CompaniesTable } from '../db/schema.js';
import { isoAt } from '../lib/clock.js';
import { Errors } from '../lib/errors.js';
import { toFlag } from '../lib/json.js';
import type { Executor, ServiceContext } from './context.js';
import { normalizeDocumentTypes, parseDocumentTypes } from './document-types.js';
import { EMPTY_GATE_RULES, type GateRuleService, type GateRuleSet } from './gate-rules.js';
import { PLANS } from './plans.js';

export type CompanyRow = Selectable<CompaniesTable>;
/** A company's location policy: the contract's. */
export type LocationPermission = contract.LocationPermission;
/** A company's hand-off mode: the contract's. */
export type HandoffMode = contract.HandoffMode;

/** Company settings as `GET /users/me/company` answers them. */
export type CompanyView = contract.CompanyView;

/** The branding and policy block embedded in link records. */
export type LinkCompanyView = contract.LinkCompany;

/** Body of `PATCH /users/me/company` (every field optional; `gateRules` is never accepted). */
export type CompanyPatch = contract.CompanyPatchBody;

/** Link and data windows in force for a company, in hours. */
export interface Windows {
  linkHours: number;
  dataHours: number;
}

/** Company settings, their plan rules, and the values resolved on the server. */
export class CompanyService {
  readonly #byId;
  /** Company rows, read on nearly every authenticated call and changed rarely (`RowCache`). */
  readonly #rows;
  /** PostgreSQL: company rows read lately, for link creation (`settingsForNewLink`). */
  readonly #recent;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly gateRules: GateRuleService,
  ) {
    const db = ctx.database.db;
    this.#byId = preparedQuery(db, ['id'], (p) =>
      db.selectFrom('companies').selectAll().where('id', '=', p.id),
    );
    this.#rows = new RowCache(ctx.database, ['companies'], async (id, executor) => {
      const [row] = await this.#byId({ id }, executor);
      return row;
    });
    this.#recent = new RecentRows(ctx.database, 'companies', async (id) => {
      const [row] = await this.#byId({ id });
      return row;
    });
  }

  /**
   * The company's row for creating a link: its settings (windows, callback URL, adaptive flow,
   * document types) as `get` reads them on SQLite; on PostgreSQL as read at most
   * `RECENT_ROWS_MS` ago (a change through another process is seen at its `NOTIFY`, see
   * `RecentRows`), which saves link creation a round trip. Never use it for the quota: link
   * creation checks that in the database.
   */
  async settingsForNewLink(companyId: string): Promise<Readonly<CompanyRow>> {
    const row =
      this.ctx.database.dialect === 'postgres'
        ? await this.#recent.get(companyId)
        : await this.find(companyId);
    if (row === undefined) throw Errors.notFound('user');
    return row;
  }

  /** The company's row (shared and frozen: never change it), or undefined. */
  async find(companyId: string, db?: Executor): Promise<Readonly<CompanyRow> | undefined> {
    return this.#rows.get(companyId, db);
  }

  /** The company of an authenticated caller (it exists: tokens cascade with their company). */
  async get(companyId: string, db?: Executor): Promise<Readonly<CompanyRow>> {
    const row = await this.find(companyId, db);
    if (row === undefined) throw Errors.notFound('user');
    return row;
  }

  /** Windows in force: fixed on Basic, the settings elsewhere. */
  windows(company: CompanyRow): Windows {
    const fixed = PLANS[company.plan].fixedWindows;
    return fixed !== undefined
      ? { linkHours: fixed.linkHours, dataHours: fixed.dataHours }
      : { linkHours: company.link_expiration_hours, dataHours: company.data_expiration_hours };
  }

  /** The effective location policy: always `never` on Basic, else the company's setting. */
  locationPermission(company: CompanyRow): LocationPermission {
    return company.plan === 'basic' ? 'never' : company.location_permission;
  }

  /** The gate rules in force: an operator override of the company, else the active default template. */
  async resolvedGateRules(company: CompanyRow, db?: Executor): Promise<GateRuleSet> {
    if (company.gate_rules !== null) return JSON.parse(company.gate_rules) as GateRuleSet;
    return (await this.gateRules.activeTemplate(db)) ?? EMPTY_GATE_RULES;
  }

  /** Public address of the company logo, or null when none was uploaded. */
  async logoUrl(companyId: string, db: Executor = this.ctx.database.db): Promise<string | null> {
    const logo = await db
      .selectFrom('company_logos')
      .select('updated_at')
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (logo === undefined) return null;
    const version = Date.parse(logo.updated_at).toString(36);
    return `${this.ctx.config.publicAppUrl}/api/v1/companies/${companyId}/logo?v=${version}`;
  }

  async view(company: CompanyRow): Promise<CompanyView> {
    const db = this.ctx.database.db;
    const windows = this.windows(company);
    const subscription = await db
      .selectFrom('subscriptions')
      .select('id')
      .where('company_id', '=', company.id)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return {
      _id: company.id,
      name: company.name,
      plan: company.plan,
      quota: company.monthly_quota,
      color: company.color,
      logoUrl: await this.logoUrl(company.id),
      antiSpoofing: company.anti_spoofing === 1,
      allowUploadedSelfie: company.allow_uploaded_selfie === 1,
      handoffMode: company.handoff_mode,
      callbackUrl: company.callback_url,
      onboardingBusinessId: company.onboarding_business_id,
      linkConfig: {
        expirationTime: windows.linkHours,
        dataExpirationTime: windows.dataHours,
        adaptiveFlow: company.adaptive_flow === 1,
      },
      verificationConfig: {
        locationPermission: this.locationPermission(company),
        requestedLocationPermission: company.location_permission,
        documentTypes: parseDocumentTypes(company.document_types),
      },
      gateRules: await this.resolvedGateRules(company),
      subscriptionId: subscription?.id ?? null,
      createdAt: company.created_at,
      updatedAt: company.updated_at,
    };
  }

  async linkCompanyView(company: CompanyRow, db?: Executor): Promise<LinkCompanyView> {
    return {
      name: company.name,
      antiSpoofing: company.anti_spoofing === 1,
      color: company.color,
      plan: company.plan,
      handoffMode: company.handoff_mode,
      gateRules: await this.resolvedGateRules(company, db),
      locationPermission: this.locationPermission(company),
    };
  }

  /**
   * Applies a settings change after checking it against the plan: windows within the plan maxima
   * (fixed on Basic), branding beyond the name only on Premium and Pro.
   */
  async update(companyId: string, patch: CompanyPatch): Promise<CompanyRow> {
    const company = await this.get(companyId);
    const rules = PLANS[company.plan];
    const changes: Partial<CompaniesTable> = {};
    const link = patch.linkConfig ?? {};
    if (
      rules.fixedWindows !== undefined &&
      (link.expirationTime !== undefined || link.dataExpirationTime !== undefined)
    ) {
      throw Errors.badRequest(
        `link windows are fixed at ${rules.fixedWindows.linkHours} hours on the ${company.plan} plan`,
      );
    }
    if (link.expirationTime !== undefined) {
      if (link.expirationTime > rules.maxLinkHours) {
        throw Errors.badRequest(
          `linkConfig.expirationTime must be at most ${rules.maxLinkHours} hours on the ${company.plan} plan`,
        );
      }
      changes.link_expiration_hours = link.expirationTime;
    }
    if (link.dataExpirationTime !== undefined) {
      if (link.dataExpirationTime > rules.maxDataHours) {
        throw Errors.badRequest(
          `linkConfig.dataExpirationTime must be at most ${rules.maxDataHours} hours on the ${company.plan} plan`,
        );
      }
      changes.data_expiration_hours = link.dataExpirationTime;
    }
    if (link.adaptiveFlow !== undefined) changes.adaptive_flow = toFlag(link.adaptiveFlow);
    if (patch.name !== undefined) changes.name = patch.name;
    if (
      company.plan === 'basic' &&
      (patch.color !== undefined || patch.antiSpoofing !== undefined)
    ) {
      throw Errors.badRequest(
        'only the business name is configurable for branding on the basic plan',
      );
    }
    if (company.plan === 'basic' && patch.allowUploadedSelfie !== undefined) {
      throw Errors.badRequest(
        'allowUploadedSelfie cannot be changed on the basic plan: selfies always need a live challenge',
      );
    }
    if (patch.allowUploadedSelfie !== undefined)
      changes.allow_uploaded_selfie = toFlag(patch.allowUploadedSelfie);
    if (patch.color !== undefined) changes.color = patch.color;
    if (patch.antiSpoofing !== undefined) changes.anti_spoofing = toFlag(patch.antiSpoofing);
    if (patch.handoffMode !== undefined) changes.handoff_mode = patch.handoffMode;
    if (patch.callbackUrl !== undefined) changes.callback_url = patch.callbackUrl;
    const location = patch.verificationConfig?.locationPermission;
    if (location !== undefined) changes.location_permission = location;
    const documentTypes = patch.verificationConfig?.documentTypes;
    if (documentTypes !== undefined)
      changes.document_types = JSON.stringify(normalizeDocumentTypes(documentTypes));
    if (Object.keys(changes).length === 0) return company;
    changes.updated_at = isoAt(this.ctx.clock.now());
    await this.ctx.database.writeTransaction(async (trx) => {
      await trx.updateTable('companies').set(changes).where('id', '=', companyId).execute();
      // Every process's `settingsForNewLink` cache drops the old row at the commit.
      await this.ctx.database.notify(trx, 'companies');
    });
    this.#recent.forget(companyId);
    return this.get(companyId);
  }
}
