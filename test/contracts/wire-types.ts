/**
 * Compile-time half of the drift tests (`drift.test.ts` is the run-time half): every package that
 * names a wire shape must name the contract's (`@idv/contract`), not a copy. Each line compiles
 * only while the two sides are the same type (or, where marked, while what a producer keeps fits
 * what the contract publishes), so `tsc --build` fails on the line of the pair that drifted.
 * Nothing runs.
 */
import type * as contract from '@idv/contract';
import type * as fingerprint from '@idv/fingerprint';
import type * as element from '@idv/verify';
import type { wireShapes as views } from '@idv/server/testing';

/** True when A and B are the same type (neither wider nor narrower). */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** True when every A is a B. */
type Fits<A, B> = [A] extends [B] ? true : false;

/** Compiles only when `Check` is `true`. */
function agree<Check extends true>(): Check | undefined {
  return undefined;
}

// The fingerprint service answers the contract's shapes (subdivisions is a list).
agree<Same<fingerprint.FingerprintResponse, contract.FingerprintResponse>>();
agree<Same<fingerprint.FingerprintUserData, contract.FingerprintUserData>>();
agree<Same<fingerprint.GeoData, contract.FingerprintGeoData>>();
agree<Same<fingerprint.GeoData['subdivisions'], string[] | undefined>>();

// The element reads the fingerprint answer, the status poll, link errors and sends reports in
// the contract's shapes.
agree<Same<element.FingerprintAnswer['userData'], Partial<contract.FingerprintUserData>>>();
agree<Same<element.GeolocationReport, contract.ReportedGeolocation>>();
agree<Same<element.StatusPollResult, contract.StatusWithOperation>>();
agree<Same<element.LinkErrorBody, contract.LinkErrorResponse>>();
agree<Same<element.GateRules, contract.GateRules>>();
agree<Same<element.FlowCompany, contract.FlowSession['company']>>();

// The server builds webhooks typed by the contract, and what it stores and reads back fits what it
// publishes.
agree<Same<views.ServerWebhookPayload, contract.WebhookPayload>>();
agree<Same<views.ReportedGeolocation, contract.ReportedGeolocation>>();
agree<Same<views.DocumentData, contract.DocumentData>>();
agree<Fits<views.PublicGeolocation, contract.PublicGeolocation>>();
agree<Fits<views.StoredGeolocation, contract.Geolocation>>();
agree<Fits<views.VerificationRecord, contract.VerificationRecord>>();
