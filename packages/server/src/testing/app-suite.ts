import { afterAll, beforeAll } from 'vitest';
import type { PortalRole } from '../portal/schema.js';
import type { PlanName } from '../services/plans.js';
import { createTestApp, type TestAccount, type TestApp, type TestAppOptions } from './harness.js';
import { portalBrowser, type PortalBrowser } from './portal-session.js';

/** Every member of a `TestApp` (the record makes the compiler list them all). */
const TEST_APP_MEMBERS: Record<keyof TestApp, true> = {
  app: true,
  services: true,
  clock: true,
  config: true,
  scratch: true,
  inject: true,
  account: true,
  token: true,
  close: true,
};

/** Every member of a `TestAccount`. */
const TEST_ACCOUNT_MEMBERS: Record<keyof TestAccount, true> = {
  userId: true,
  companyId: true,
  clientId: true,
  clientSecret: true,
  webhookSecret: true,
  token: true,
};

/** Every member of a `PortalBrowser`. */
const PORTAL_BROWSER_MEMBERS: Record<keyof PortalBrowser, true> = {
  email: true,
  password: true,
  memberId: true,
  cookie: true,
  csrfToken: true,
  call: true,
};

/**
 * An object whose every member reads (and writes) `current()`'s at the moment it is used: what a
 * `describe` holds while its `beforeAll` has not yet made the real one (a test that renews an
 * account's token assigns `account.token`).
 */
function readThrough<T extends object>(members: Record<keyof T, true>, current: () => T): T {
  const view = {} as T;
  for (const member of Object.keys(members) as (keyof T)[])
    Object.defineProperty(view, member, {
      enumerable: true,
      get: () => current()[member],
      set: (value: T[keyof T]) => {
        current()[member] = value;
      },
    });
  return view;
}

/**
 * The test app of the enclosing `describe` (`createTestApp(options)`): created before its tests,
 * closed (and its scratch database dropped) after them. The answer stands for the app from the
 * first test on (its members read the app `beforeAll` created).
 *
 * @example
 * const test = useTestApp();
 * const account = useTestAccount(test, 'premium');
 * it('…', async () => { await test.inject({ method: 'GET', url: '/api/v1/links', token: account.token }); });
 */
export function useTestApp(options?: TestAppOptions): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(async () => current?.close());
  return readThrough(TEST_APP_MEMBERS, () => {
    if (current === undefined) throw new Error('the test app exists only during its tests');
    return current;
  });
}

/**
 * An account of `plan` on `test` (`test.account(plan, options)`, with a token for API plans),
 * created once before the tests of the enclosing `describe`, after the app.
 */
export function useTestAccount(
  test: TestApp,
  plan: PlanName = 'premium',
  options?: { quota?: number; email?: string },
): TestAccount {
  let current: TestAccount | undefined;
  beforeAll(async () => {
    current = await test.account(plan, options);
  });
  return readThrough(TEST_ACCOUNT_MEMBERS, () => {
    if (current === undefined) throw new Error('the test account exists only during its tests');
    return current;
  });
}

/**
 * A person of `role` in `account`'s company, signed in to the portal (`portalBrowser`), once before
 * the tests of the enclosing `describe`, after the app and the account.
 */
export function usePortalBrowser(
  test: TestApp,
  account: TestAccount,
  role: PortalRole = 'owner',
): PortalBrowser {
  let current: PortalBrowser | undefined;
  beforeAll(async () => {
    current = await portalBrowser(test, account.companyId, role);
  });
  return readThrough(PORTAL_BROWSER_MEMBERS, () => {
    if (current === undefined) throw new Error('the portal browser exists only during its tests');
    return current;
  });
}
