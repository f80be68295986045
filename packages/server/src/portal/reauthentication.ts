import type { FastifyRequest } from 'fastify';
import { ApiError } from '../lib/errors.js';
import type { PortalServices } from './portal-services.js';
import { sessionOf } from './session-hook.js';

/**
 * 403 of a wrong password at re-authentication. Not 401: the session itself is still valid, and a
 * 401 would sign the portal out.
 */
const wrongPassword = () =>
  new ApiError(403, 'IDV_ERR_REAUTHENTICATION', 'the password is not the right one');

/**
 * Re-authentication before a sensitive read or change (revealing the webhook secret): the
 * signed-in person types their password again. The check is the sign-in's (argon2id, the same
 * throttle and budget), so a stolen session cannot be used to guess the password faster than the
 * sign-in form allows.
 * @throws {ApiError} 403 for a wrong password, 429 past the sign-in budget.
 */
export async function confirmPassword(
  portal: PortalServices,
  request: FastifyRequest,
  password: string,
): Promise<void> {
  const { member } = sessionOf(request);
  portal.throttle.check(request.ip, member.email);
  const checked = await portal.members.authenticate(member.email, password);
  if (checked === undefined || checked.id !== member.id)
    throw await portal.throttle.fail(request.ip, member.email, wrongPassword());
}
