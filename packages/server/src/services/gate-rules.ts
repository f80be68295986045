import { randomUUID } from 'node:crypto';
import type { GateRules } from '@idv/contract';
import { isoAt } from '../lib/clock.js';
import type { Executor, ServiceContext } from './context.js';

/** A versioned rule set, as answers carry it (the contract's `GateRules`). */
export type GateRuleSet = GateRules;
/** One rule: a device matching `match` is gated for `reason`. */
export type GateRule = GateRules['rules'][number];

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
