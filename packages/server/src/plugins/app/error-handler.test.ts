import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ApiError, LinkError, OAuthError } from '../../lib/errors.js';
import { installErrorHandling } from './error-handler.js';

async function appThrowing(error: Error) {
  const app = Fastify({ logger: false });
  installErrorHandling(app);
  app.get('/boom', async () => {
    throw error;
  });
  await app.ready();
  return app;
}

describe('error formats', () => {
  it('answers link errors as {code, name, description, data: {linkId}}', async () => {
    const linkId = '9a6de4f4-283f-41ce-9574-28edaa6563a3';
    for (const [error, code, name] of [
      [LinkError.alreadyUsed(linkId), 4091, 'LinkAlreadyUsed'],
      [LinkError.expired(linkId), 4092, 'LinkExpired'],
      [LinkError.inactive(linkId), 4093, 'LinkInactive'],
    ] as const) {
      const app = await appThrowing(error);
      const response = await app.inject({ method: 'GET', url: '/boom' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code,
        name,
        description: expect.any(String),
        data: { linkId },
      });
      await app.close();
    }
  });

  it('answers API errors in the general format with their headers, OAuth errors in RFC 6749 form', async () => {
    const api = await appThrowing(
      new ApiError(429, 'IDV_ERR_RATE_LIMIT', 'too many requests', { 'Retry-After': '7' }),
    );
    const limited = await api.inject({ method: 'GET', url: '/boom' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('7');
    expect(limited.json()).toEqual({ type: 'ErrorResponse', message: 'too many requests' });
    await api.close();
    const oauth = await appThrowing(new OAuthError(401, 'invalid_client', 'bad client'));
    const denied = await oauth.inject({ method: 'GET', url: '/boom' });
    expect(denied.json()).toEqual({
      type: 'ErrorResponse',
      error: 'invalid_client',
      error_description: 'bad client',
      message: 'bad client',
    });
    expect(denied.headers['cache-control']).toBe('no-store');
    await oauth.close();
  });

  it('never leaks the message of an unexpected error', async () => {
    const app = await appThrowing(
      new Error('SELECT secret FROM users: connection to 10.0.0.5 refused'),
    );
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ type: 'ErrorResponse', message: 'internal server error' });
    expect(response.body).not.toContain('10.0.0.5');
    await app.close();
  });
});
