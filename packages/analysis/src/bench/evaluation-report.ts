import { HELD_OUT_FAMILY, TUNED_FAMILIES } from '../testing/families.js';
import { medianP95 } from './measure.js';
import type { SideOutcome } from './reader-evaluation.js';

/** Wilson score interval (95 %) of `hits / total`, percent. */
export function wilson(hits: number, total: number): [number, number] {
  if (total === 0) return [0, 100];
  const z = 1.96;
  const p = hits / total;
  const denominator = 1 + (z * z) / total;
  const centre = (p + (z * z) / (2 * total)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / total + (z * z) / (4 * total * total))) / denominator;
  return [Math.max(0, centre - half) * 100, Math.min(1, centre + half) * 100];
}

function percent(hits: number, total: number, interval = true): string {
  if (total === 0) return 'n/a';
  const [low, high] = wilson(hits, total);
  const value = `${((hits / total) * 100).toFixed(2)} % (${hits}/${total})`;
  return interval ? `${value} [95 % CI ${low.toFixed(2)}–${high.toFixed(2)} %]` : value;
}

function counts(outcomes: SideOutcome[]): { correct: number; wrong: number; refused: number } {
  return {
    correct: outcomes.filter((o) => o.mrzCorrect).length,
    wrong: outcomes.filter((o) => o.accepted && o.wrongData.length > 0).length,
    refused: outcomes.filter((o) => !o.accepted).length,
  };
}

function breakdown(
  outcomes: SideOutcome[],
  label: string,
  key: (o: SideOutcome) => string | string[],
): string[] {
  const groups = new Map<string, SideOutcome[]>();
  for (const outcome of outcomes) {
    const keys = key(outcome);
    for (const k of Array.isArray(keys) ? keys : [keys]) {
      const list = groups.get(k) ?? [];
      list.push(outcome);
      groups.set(k, list);
    }
  }
  const lines = [`  by ${label}:`];
  for (const [name, list] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const c = counts(list);
    lines.push(
      `    ${name.padEnd(18)} n=${String(list.length).padStart(4)}  correct ${percent(c.correct, list.length, false).padEnd(20)} accepted-wrong ${String(c.wrong).padStart(3)}  refused ${percent(c.refused, list.length, false)}`,
    );
  }
  return lines;
}

/** The evaluation's figures for one family group, as printed lines. */
export function groupReport(name: string, outcomes: SideOutcome[]): string[] {
  const n = outcomes.length;
  const c = counts(outcomes);
  const accepted = outcomes.filter((o) => o.accepted).length;
  const reasons = new Map<string, number>();
  for (const o of outcomes)
    if (o.refusal) reasons.set(o.refusal, (reasons.get(o.refusal) ?? 0) + 1);
  const lines = [
    `${name}: ${n} MRZ sides`,
    `  MRZ fields fully correct      ${percent(c.correct, n)}   target ≥ 98 % (held-out)`,
    `  accepted but wrong            ${percent(c.wrong, n)}   target ≤ 0.2 % (held-out)`,
    `    (of the accepted sides)     ${percent(c.wrong, accepted, false)}`,
    `  refused (asked again)         ${percent(c.refused, n)}   ${[...reasons].map(([r, k]) => `${r} ${k}`).join(', ')}`,
    `  accepted and right            ${percent(accepted - c.wrong, n, false)}`,
    ...breakdown(
      outcomes,
      'format',
      (o) => ({ 'id-card': 'TD1', 'residence-permit': 'TD2', passport: 'TD3' })[o.sample.kind],
    ),
    ...breakdown(outcomes, 'family', (o) => o.sample.family),
    ...breakdown(outcomes, 'OCR-B face', (o) => o.sample.mrzFont),
    ...breakdown(outcomes, 'photo of MRZ side', (o) => o.sample.mrzSide.profile),
    ...breakdown(outcomes, 'identity class', (o) => o.sample.identity.classes),
  ];
  return lines;
}

/** Time per side, per side type and per photo profile. */
export function timeReport(outcomes: SideOutcome[]): string[] {
  const line = (label: string, values: { wall: number; cpu: number }[], target: string): string =>
    values.length
      ? `  ${label.padEnd(36)} wall ${medianP95(values.map((v) => v.wall))} | CPU ${medianP95(values.map((v) => v.cpu))} (n=${values.length})  ${target}`
      : `  ${label.padEnd(36)} n=0`;
  const fronts = outcomes.flatMap((o) =>
    o.front ? [{ ...o.front, profile: o.sample.front?.profile ?? '' }] : [],
  );
  const backs = outcomes.filter((o) => o.sample.kind !== 'passport');
  const pages = outcomes.filter((o) => o.sample.kind === 'passport');
  const cardSides = [
    ...fronts,
    ...backs.map((o) => ({ ...o.mrzSide, profile: o.sample.mrzSide.profile })),
  ];
  const pageSides = pages.map((o) => ({ ...o.mrzSide, profile: o.sample.mrzSide.profile }));
  const lines = [
    line('card side (front or back)', cardSides, 'target median ≤ 1000 ms, p95 ≤ 2000 ms'),
    line('  card front', fronts, ''),
    line(
      '  card back',
      backs.map((o) => o.mrzSide),
      '',
    ),
    line('passport page (every call for it)', pageSides, 'target median ≤ 1200 ms, p95 ≤ 2000 ms'),
  ];
  const profiles = [...new Set([...cardSides, ...pageSides].map((s) => s.profile))].sort();
  for (const profile of profiles) {
    lines.push(
      line(
        `card side, ${profile}`,
        cardSides.filter((s) => s.profile === profile),
        '',
      ),
    );
    lines.push(
      line(
        `passport page, ${profile}`,
        pageSides.filter((s) => s.profile === profile),
        '',
      ),
    );
  }
  return lines;
}

/** Failures worth reading: every accepted-but-wrong side, and the MRZ errors of the others. */
export function failureReport(outcomes: SideOutcome[], limit: number): string[] {
  const lines: string[] = [];
  for (const o of outcomes.filter((x) => x.accepted && x.wrongData.length > 0))
    lines.push(
      `  ACCEPTED WRONG ${describe(o)}: ${o.wrongData.join('; ')} | MRZ ${o.mrzErrors.join('; ') || 'as printed'}`,
    );
  for (const o of outcomes
    .filter((x) => !x.mrzCorrect && !(x.accepted && x.wrongData.length > 0))
    .slice(0, limit))
    lines.push(
      `  ${o.accepted ? 'accepted' : `refused ${o.refusal}`} ${describe(o)}: ${o.mrzErrors.join('; ') || 'MRZ as printed'}`,
    );
  return lines;
}

function describe(o: SideOutcome): string {
  const s = o.sample;
  return `${s.id} ${s.family}/${s.kind}/${s.mrzFont}/${s.mrzSide.profile} [${s.identity.classes.join(',')}]`;
}

/** Which families are tuned on and which is held out (printed with the figures). */
export const FAMILY_LEGEND = `families: tuned on ${TUNED_FAMILIES.join(', ')}; held out ${HELD_OUT_FAMILY} (never tuned on)`;
