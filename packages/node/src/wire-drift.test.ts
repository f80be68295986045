import type { Static } from 'typebox';
import { describe, expect, it } from 'vitest';
import type * as Company from '../../server/dist/schemas/company.js';
import type * as Flow from '../../server/dist/schemas/flow.js';
import type * as Link from '../../server/dist/schemas/link.js';
import type * as Verification from '../../server/dist/schemas/verification.js';
import type * as Wire from './wire-types.js';

/** `true` only when `A` and `B` are the same type (each assignable to the other, exactly). */
type Equals<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/**
 * TODO(@idv/contract): until the SDK takes its wire types from the contract, the typecheck of this
 * file fails when the server's schemas and the SDK's copy (`wire-types.ts`) drift apart.
 */
const checks = {
  NewLinkBody: true as Equals<Static<typeof Link.NewLinkBody>, Wire.NewLinkBody>,
  CreatedLink: true as Equals<Static<typeof Link.CreatedLink>, Wire.CreatedLink>,
  LinkRecord: true as Equals<Static<typeof Link.LinkRecord>, Wire.LinkRecord>,
  VerificationRecord: true as Equals<
    Static<typeof Verification.VerificationRecord>,
    Wire.VerificationRecord
  >,
  VerificationPage: true as Equals<
    Static<typeof Verification.VerificationPage>,
    Wire.VerificationPage
  >,
  StatusWithOperation: true as Equals<
    Static<typeof Verification.StatusWithOperation>,
    Wire.StatusWithOperation
  >,
  CompanyView: true as Equals<Static<typeof Company.CompanyView>, Wire.CompanyView>,
  CompanyPatchBody: true as Equals<Static<typeof Company.CompanyPatchBody>, Wire.CompanyPatchBody>,
  UserView: true as Equals<Static<typeof Company.UserView>, Wire.UserView>,
  UsageStats: true as Equals<Static<typeof Company.UsageStats>, Wire.UsageStats>,
  ActivityPage: true as Equals<Static<typeof Company.ActivityPage>, Wire.ActivityPage>,
  WebhookDeliveryPage: true as Equals<
    Static<typeof Flow.WebhookDeliveryPage>,
    Wire.WebhookDeliveryPage
  >,
} satisfies Record<string, true>;

describe('wire types', () => {
  it('match the server schemas (checked by the typecheck of this file)', () => {
    expect(Object.values(checks).every(Boolean)).toBe(true);
  });
});
