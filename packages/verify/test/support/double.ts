/** Browser side of the flow API double: create a scenario, act elsewhere, read what the element sent. */

import type {
  FingerprintFetch,
  RecordedFile,
  RecordedRequest,
  Scenario,
} from './node/flow-api-double.js';

export type { FingerprintFetch, RecordedFile, RecordedRequest, Scenario };

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
  /** This device's session token when the scenario was `opened`. */
  sessionToken?: string;
  requests(): Promise<RecordedRequest[]>;
  /** Every `GET` of the fingerprint endpoint, in order. */
  fingerprintFetches(): Promise<FingerprintFetch[]>;
  /** The verification ended elsewhere (another device, a feedback override). */
  finish(status: 'success' | 'failed' | 'expired'): Promise<void>;
  /** Time passes beyond the link window (status `expired`), or beyond the data window too. */
  expire(window: 'link' | 'data'): Promise<void>;
  /** Another device opens the link, as `POST /flow/sessions` (with a hand-off token, or not). */
  openElsewhere(handoffToken?: string): Promise<{ status: number; body: unknown }>;
}

async function post(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Creates a scenario on the double. */
export async function createScenario(scenario: Scenario = {}): Promise<ScenarioHandle> {
  const response = await post('/double/scenarios', scenario);
  const created = (await response.json()) as Pick<
    ScenarioHandle,
    | 'id'
    | 'apiBase'
    | 'linkId'
    | 'verificationId'
    | 'fingerprintUrl'
    | 'fingerprintBody'
    | 'fingerprintEtag'
    | 'sessionToken'
  >;
  const control = `/double/${created.id}`;
  return {
    ...created,
    requests: async () => (await (await fetch(`${control}/requests`)).json()) as RecordedRequest[],
    fingerprintFetches: async () =>
      (await (await fetch(`${control}/fingerprint-fetches`)).json()) as FingerprintFetch[],
    finish: async (status) => {
      await post(`${control}/finish`, { status });
    },
    expire: async (window) => {
      await post(`${control}/expire`, { window });
    },
    openElsewhere: async (handoffToken) => {
      const answer = await post(`${created.apiBase}/flow/sessions`, {
        linkId: created.linkId,
        ...(handoffToken ? { handoffToken } : {}),
      });
      return { status: answer.status, body: (await answer.json()) as unknown };
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
