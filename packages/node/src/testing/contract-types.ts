/**
 * The wire types the SDK's copies are checked against (`wire-drift.test.ts`), under the names the
 * contract package gives them.
 *
 * TODO(@idv/contract): when `packages/contract` is merged, this whole file becomes
 * `export type * from '@idv/contract';` (the server's schema files move there), and the names
 * listed at the end of `wire-drift.test.ts` join the checks.
 */
import type { Static } from 'typebox';
import type * as Company from '../../../server/dist/schemas/company.js';
import type * as Flow from '../../../server/dist/schemas/flow.js';
import type * as Link from '../../../server/dist/schemas/link.js';
import type * as Verification from '../../../server/dist/schemas/verification.js';

export type NewLinkBody = Static<typeof Link.NewLinkBody>;
export type CreatedLink = Static<typeof Link.CreatedLink>;
export type LinkCompany = Static<typeof Link.LinkCompany>;
export type LinkRecord = Static<typeof Link.LinkRecord>;
export type GateRules = Static<typeof Link.GateRules>;
export type Geolocation = Static<typeof Verification.Geolocation>;
export type DocumentData = Static<typeof Verification.DocumentData>;
export type VerificationRecord = Static<typeof Verification.VerificationRecord>;
export type VerificationPage = Static<typeof Verification.VerificationPage>;
export type StatusWithOperation = Static<typeof Verification.StatusWithOperation>;
export type CompanyView = Static<typeof Company.CompanyView>;
export type CompanyPatchBody = Static<typeof Company.CompanyPatchBody>;
export type UserView = Static<typeof Company.UserView>;
export type UsageStats = Static<typeof Company.UsageStats>;
export type ActivityPage = Static<typeof Company.ActivityPage>;
export type WebhookDelivery = Static<typeof Flow.WebhookDelivery>;
export type WebhookDeliveryPage = Static<typeof Flow.WebhookDeliveryPage>;
