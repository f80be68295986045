/**
 * The verifications the portal benchmarks fill (`bench/inbox.ts`, `bench/company-index-plans.ts`):
 * many rows over a few companies, spread as a live database spreads them.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';
import type { TestApp } from '../src/testing/harness.js';
import type { BenchDatabase } from './databases.js';

const BATCH = 500;
const DAY = 86_400_000;

/** A deterministic pseudo-random sequence (mulberry32), so every run fills the same rows. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks from weighted choices. */
function weighted<T>(next: () => number, choices: [T, number][]): T {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  let at = next() * total;
  for (const [value, w] of choices) {
    at -= w;
    if (at < 0) return value;
  }
  return choices.at(-1)![0];
}

const FAILURES: [string, number][] = [
  ['FACE_MISMATCH', 30],
  ['SPOOF_DETECTED', 10],
  ['LIVENESS_FAILED', 15],
  ['UNREADABLE_DOCUMENT', 20],
  ['SIDES_MISMATCH', 8],
  ['DOCUMENT_EXPIRED', 7],
  ['NO_FACE', 6],
  ['MRZ_INVALID', 4],
];

/** What the measured company's queries look for (filled so that each exists). */
export interface Probes {
  someId: string;
  somePerson: string;
}

/**
 * Fills `rows` verifications with their links over `companyIds` (half to the first), created over
 * the year before `now`: 60 % success, 18 % failed (with a reason), 10 % expired, the rest open
 * and recent; 70 % FULL FLOW; methods DOCUMENT, FACE on adaptive returning people, or unresolved.
 */
export async function fill(test: TestApp, companyIds: string[], rows: number): Promise<Probes> {
  const db = test.services.context.database.db;
  const now = test.clock.now();
  const next = random(16);
  const probes: Probes = { someId: '', somePerson: '' };
  for (let start = 0; start < rows; start += BATCH) {
    const links: Insertable<Database['links']>[] = [];
    const verifications: Insertable<Database['verifications']>[] = [];
    for (let i = start; i < Math.min(rows, start + BATCH); i++) {
      const companyId =
        i % 2 === 0 ? companyIds[0]! : companyIds[1 + (i % (companyIds.length - 1))]!;
      const status = weighted(next, [
        ['success', 60],
        ['failed', 18],
        ['expired', 10],
        ['started', 5],
        ['pending', 7],
      ] as [Database['verifications']['status'], number][]);
      const open = status === 'pending' || status === 'started';
      // Open ones are recent (inside their link window); the others spread over the year.
      const createdMs = now - Math.floor(next() * (open ? 0.9 * DAY : 365 * DAY));
      const created = new Date(createdMs).toISOString();
      const type = next() < 0.7 ? 'FULL FLOW' : 'ID ONLY';
      const method = open && next() < 0.5 ? null : next() < 0.12 ? 'FACE' : 'DOCUMENT';
      const person = next() < 0.8 ? `customer-${Math.floor(next() * 40_000)}` : null;
      const finished =
        status === 'success' || status === 'failed'
          ? new Date(createdMs + Math.floor(next() * 3_600_000)).toISOString()
          : null;
      const linkId = randomUUID();
      const id = randomUUID();
      if (i === 0) probes.someId = id;
      if (i === 0 && person !== null) probes.somePerson = person;
      if (probes.somePerson === '' && companyId === companyIds[0] && person !== null)
        probes.somePerson = person;
      links.push({
        id: linkId,
        company_id: companyId,
        verification_id: id,
        type,
        callback_url: null,
        external_user_id: person,
        external_user_id_source: person === null ? null : 'api',
        adaptive_flow_requested: null,
        adaptive_flow: method === 'FACE' ? 1 : 0,
        metadata: '{}',
        active: open ? 1 : 0,
        expires_at: new Date(createdMs + DAY).toISOString(),
        consumed_at: finished,
        created_at: created,
        created_by: null,
        created_ip: null,
        document_types: null,
      });
      verifications.push({
        id,
        company_id: companyId,
        link_id: linkId,
        type,
        status,
        step: open ? 'ADD_FRONT' : 'END_OPERATION',
        method,
        operation_guid: null,
        user_name: null,
        terms_and_conditions: open ? 0 : 1,
        remaining_retries_front: 3,
        remaining_retries_back: 3,
        remaining_retries_selfie: 3,
        images: JSON.stringify({ register: [] }),
        data: '{}',
        detected_document_country: null,
        error_code: status === 'failed' ? weighted(next, FAILURES) : null,
        error_message: null,
        identify_changes: 0,
        geolocation: null,
        device: null,
        // Link window + a two-year data window: every row is still readable.
        expires_at: new Date(createdMs + DAY + 730 * DAY).toISOString(),
        link_expires_at: new Date(createdMs + DAY).toISOString(),
        data_expired: 0,
        document_type: null,
        anonymized_at: null,
        finished_at: finished,
        created_at: created,
        updated_at: finished ?? created,
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('links').values(links).execute();
      await trx.insertInto('verifications').values(verifications).execute();
    });
  }
  return probes;
}

/**
 * What a live database has done by itself after a bulk load: statistics for the planner, and on
 * PostgreSQL autovacuum's visibility map (without it an index-only count reads every row).
 */
export async function tidy(database: BenchDatabase, db: Kysely<Database>): Promise<void> {
  await sql.raw(database.name === 'postgres' ? 'vacuum analyze' : 'analyze').execute(db);
}
