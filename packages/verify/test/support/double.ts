/** Browser side of the flow API double: create a scenario, read what the element sent. */
import type { FingerprintFetch, RecordedRequest, Scenario } from './node/flow-api-double.js';

export type { FingerprintFetch, RecordedRequest, Scenario };

/** A created scenario: where the element must point. */
export interface ScenarioHandle {
  id: string;
  apiBase: string;
  linkId: string;
  verificationId: string;
  fingerprintUrl: string;
  /** The exact text the fingerprint endpoint answers. */
  fingerprintBody: string;
  /** The ETag the fingerprint endpoint answers with. */
  fingerprintEtag: string;
  requests(): Promise<RecordedRequest[]>;
  /** Every `GET` of the fingerprint endpoint, in order. */
  fingerprintFetches(): Promise<FingerprintFetch[]>;
  finish(status: 'success' | 'failed' | 'expired'): Promise<void>;
}

/** Creates a scenario on the double. */
export async function createScenario(scenario: Scenario = {}): Promise<ScenarioHandle> {
  const response = await fetch('/double/scenarios', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(scenario),
  });
  const created = (await response.json()) as Omit<
    ScenarioHandle,
    'requests' | 'fingerprintFetches' | 'finish'
  >;
  return {
    ...created,
    requests: async () =>
      (await (await fetch(`/double/${created.id}/requests`)).json()) as RecordedRequest[],
    fingerprintFetches: async () =>
      (await (
        await fetch(`/double/${created.id}/fingerprint-fetches`)
      ).json()) as FingerprintFetch[],
    finish: async (status) => {
      await fetch(`/double/${created.id}/finish`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      });
    },
  };
}

/** Polls `check` until it returns a truthy value (or throws after `timeoutMs`). */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  timeoutMs = 10000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const start = performance.now();
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (performance.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
