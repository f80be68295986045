import { ConfigError, readUrl } from './readers.js';

/** Addresses and `Api-Key`s of the three analysis services when they run on their own. */
export interface RemoteAnalysisConfig {
  idUrl: string;
  faceUrl: string;
  antispoofingUrl: string;
  keys: { id: string; face: string; antispoofing: string };
  /**
   * Base addresses of a pool of `idv-analysis` processes (`IDV_ANALYSIS_URL` with two or more,
   * comma-separated): each call goes to the least busy healthy one, and fails over to another
   * (`AnalysisPool`). Undefined: the three URLs above, one process each.
   */
  pool?: string[];
}

/**
 * The remote analysis services: each of `IDV_ID_ANALYSIS_URL`, `IDV_FACE_ANALYSIS_URL`,
 * `IDV_ANTISPOOFING_URL` (keys `…_KEY`), or all three under one base `IDV_ANALYSIS_URL` (`/id`,
 * `/face`, `/antispoofing`, key `IDV_ANALYSIS_KEY`). `IDV_ANALYSIS_URL` listing two or more base
 * addresses (comma-separated) is a pool of analysis processes. Undefined when none is set
 * (in-process).
 */
export function readAnalysis(env: NodeJS.ProcessEnv): RemoteAnalysisConfig | undefined {
  const list = (env.IDV_ANALYSIS_URL || '')
    .split(',')
    .map((entry) => entry.trim().replace(/\/+$/, ''))
    .filter((entry) => entry !== '');
  for (const entry of list) readUrl('IDV_ANALYSIS_URL', entry, ['http:', 'https:']);
  if (list.length > 1) {
    const separate = [
      'IDV_ID_ANALYSIS_URL',
      'IDV_FACE_ANALYSIS_URL',
      'IDV_ANTISPOOFING_URL',
    ].filter((name) => env[name]);
    if (separate.length > 0)
      throw new ConfigError(
        `IDV_ANALYSIS_URL lists a pool of analysis processes: unset ${separate.join(', ')}`,
      );
    const key = env.IDV_ANALYSIS_KEY || '';
    const [first] = list as [string];
    return {
      idUrl: `${first}/id`,
      faceUrl: `${first}/face`,
      antispoofingUrl: `${first}/antispoofing`,
      keys: {
        id: env.IDV_ID_ANALYSIS_KEY || key,
        face: env.IDV_FACE_ANALYSIS_KEY || key,
        antispoofing: env.IDV_ANTISPOOFING_KEY || key,
      },
      pool: list,
    };
  }
  const base = list[0];
  const trimmed = base?.replace(/\/+$/, '');
  const services = [
    ['id', 'IDV_ID_ANALYSIS', '/id'],
    ['face', 'IDV_FACE_ANALYSIS', '/face'],
    ['antispoofing', 'IDV_ANTISPOOFING', '/antispoofing'],
  ] as const;
  const resolved = services.map(([service, prefix, path]) => {
    const url = env[`${prefix}_URL`] || (trimmed === undefined ? undefined : `${trimmed}${path}`);
    if (url !== undefined) readUrl(`${prefix}_URL`, url, ['http:', 'https:']);
    return { service, prefix, url, key: env[`${prefix}_KEY`] || env.IDV_ANALYSIS_KEY || '' };
  });
  const set = resolved.filter((r) => r.url !== undefined);
  if (set.length === 0) return undefined;
  if (set.length < resolved.length) {
    const missing = resolved.filter((r) => r.url === undefined).map((r) => `${r.prefix}_URL`);
    throw new ConfigError(
      `the analysis services run either in-process or all remotely: set ${missing.join(', ')} too (or IDV_ANALYSIS_URL)`,
    );
  }
  const [id, face, antispoofing] = resolved as [
    (typeof resolved)[number],
    (typeof resolved)[number],
    (typeof resolved)[number],
  ];
  return {
    idUrl: id.url!,
    faceUrl: face.url!,
    antispoofingUrl: antispoofing.url!,
    keys: { id: id.key, face: face.key, antispoofing: antispoofing.key },
  };
}
