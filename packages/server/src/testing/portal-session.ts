import type { PortalRole } from '../portal/schema.js';
import { createPortalServices } from '../portal/portal-services.js';
import type { TestApp } from './harness.js';

/** A signed-in portal browser, as tests drive it through `app.inject`. */
export interface PortalBrowser {
  email: string;
  /** The person's password (re-authentication). */
  password: string;
  /** The person's id (`portal_members.id`). */
  memberId: string;
  /** The `Cookie` header value. */
  cookie: string;
  csrfToken: string;
  /** `app.inject` on `/app/api{path}` with the cookie, and the CSRF token on changes. */
  call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    payload?: object,
    headers?: Record<string, string>,
  ): ReturnType<TestApp['inject']>;
}

let counter = 0;

/** Adds a person with a password to a company and signs them in by the password route. */
export async function portalBrowser(
  test: TestApp,
  companyId: string,
  role: PortalRole = 'owner',
): Promise<PortalBrowser> {
  const email = `person-${++counter}-${role}@example.com`;
  const password = 'correct horse battery staple';
  const member = await createPortalServices(test.services).members.create({
    companyId,
    email,
    role,
    password,
  });
  const signIn = await test.inject({
    method: 'POST',
    url: '/app/api/session',
    payload: { email, password },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  const cookie = signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const csrfToken = (signIn.json() as { csrfToken: string }).csrfToken;
  return {
    email,
    password,
    memberId: member.id,
    cookie,
    csrfToken,
    call(method, path, payload, headers = {}) {
      return test.inject({
        method,
        url: `/app/api${path}`,
        headers: {
          cookie,
          ...(method === 'GET' ? {} : { 'x-csrf-token': csrfToken }),
          ...headers,
        },
        ...(payload === undefined ? {} : { payload }),
      });
    },
  };
}
