import type { AnalysisEngine } from '@idv/analysis';
import type { RemoteAnalysisConfig } from '../../config.js';

/** The analyses the pipeline calls, created on first use. */
export interface AnalysisProvider {
  /** The engine (in-process models load on the first analysis, once per process). */
  engine(): Promise<AnalysisEngine>;
  /** Stops in-process background workers, when any was started. */
  close(): Promise<void>;
}

/**
 * In-process analysis by default (same code as the services, no HTTP; `@idv/analysis` and its
 * models load on the first capture, so a server that takes none never pays for them), or the
 * three remote services when `IDV_*_ANALYSIS_URL` are set, or a pool of analysis processes
 * (`IDV_ANALYSIS_URL` listing several: `AnalysisPool`).
 */
export function analysisProvider(remote: RemoteAnalysisConfig | undefined): AnalysisProvider {
  let created: Promise<{ engine: AnalysisEngine; close: () => Promise<void> }> | undefined;
  const create = async () => {
    if (remote?.pool !== undefined) {
      const { AnalysisPool } = await import('./analysis-pool.js');
      const pool = new AnalysisPool({ urls: remote.pool, keys: remote.keys });
      return { engine: pool, close: async () => pool.close() };
    }
    const analysis = await import('@idv/analysis');
    if (remote !== undefined) {
      return { engine: analysis.createAnalysisClient(remote), close: async () => undefined };
    }
    const local = analysis.createAnalysisEngine();
    return { engine: local, close: () => local.close() };
  };
  return {
    async engine() {
      created ??= create();
      const pending = created;
      pending.catch(() => {
        if (created === pending) created = undefined;
      });
      return (await pending).engine;
    },
    async close() {
      if (created === undefined) return;
      const made = await created.catch(() => undefined);
      await made?.close();
    },
  };
}
