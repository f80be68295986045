/** Per-IP budget of the device-facing endpoints (DESIGN §4). */
export const DEVICE_REQUESTS_PER_MINUTE = 120;

/**
 * Rate limit (`config.rateLimit`) of the device-facing endpoints: the three PATCHes of
 * `routes/verifications-public.ts` and the flow API of `routes/flow.ts` and `routes/flow-captures.ts`.
 */
export const DEVICE_RATE_LIMIT = { max: DEVICE_REQUESTS_PER_MINUTE, timeWindow: 60_000 };
