import { randomUUID } from 'node:crypto';
import { isoAt } from '../lib/clock.js';
import type { Executor, ServiceContext } from './context.js';

/** Values of a gate rule (DESIGN §4). */
export const GATE_REASONS = [
  'os_outdated',
  'unsupported_platform',
  'unsupported_form_factor',
  'camera_unsuitable',
] as const;
export const FORM_FACTORS = ['mobile', 'tablet', 'desktop'] as const;
export const PLATFORMS = ['ios', 'android', 'windows', 'macos', 'linux', 'other'] as const;

/** One rule: a device matching `match` is gated for `reason`. */
export interface GateRule {
  id: string;
  reason: (typeof GATE_REASONS)[number];
  match: {
    formFactor?: (typeof FORM_FACTORS)[number];
    platform?: (typeof PLATFORMS)[number];
    osVersionMax?: string;
  };
}

/** A versioned rule set. */
export interface GateRuleSet {
  version: string;
  rules: GateRule[];
}

/** The rule set served when no template was ever set. */
export const EMPTY_GATE_RULES: GateRuleSet = { version: 'none', rules: [] };

/** The operator-managed default gate-rule template (`idv-server gate-rules set FILE`). */
export class GateRuleService {
  constructor(private readonly ctx: ServiceContext) {}

  /** The active default template, or undefined when none is active. */
  async activeTemplate(db: Executor = this.ctx.database.db): Promise<GateRuleSet | undefined> {
    const row = await db
      .selectFrom('gate_rule_templates')
      .select(['version', 'rules'])
      .where('active', '=', 1)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row === undefined
      ? undefined
      : { version: row.version, rules: JSON.parse(row.rules) as GateRule[] };
  }

  /** Makes `set` the active default template for every company (previous templates are kept, inactive). */
  async setDefaultTemplate(set: GateRuleSet): Promise<void> {
    const now = isoAt(this.ctx.clock.now());
    await this.ctx.database.writeTransaction(async (trx) => {
      await trx
        .updateTable('gate_rule_templates')
        .set({ active: 0 })
        .where('active', '=', 1)
        .execute();
      await trx
        .insertInto('gate_rule_templates')
        .values({
          id: randomUUID(),
          version: set.version,
          rules: JSON.stringify(set.rules),
          active: 1,
          created_at: now,
        })
        .execute();
    });
  }
}
