import { Type, type Static } from 'typebox';

/** Answer of `GET /health/status` while the database answers. */
export const HealthStatus = Type.Object({
  status: Type.Literal('ok'),
  version: Type.String(),
  database: Type.String(),
});
export type HealthStatus = Static<typeof HealthStatus>;
