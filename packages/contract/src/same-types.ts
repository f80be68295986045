import type { Static } from 'typebox';
import type { CaptureKind } from './flow.js';
import type { VerificationStatus } from './verification.js';

/*
 * `CaptureKind` and `VerificationStatus` are spelled out as unions rather than written
 * `Static<typeof …>`, because generated API references (Capacitor's docgen) print a type's declared
 * text. These checks keep each the same type as its schema: a difference fails the build.
 */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Holds<Check extends true> = Check;
export type _SpelledOutTypes = [
  Holds<Same<CaptureKind, Static<typeof CaptureKind>>>,
  Holds<Same<VerificationStatus, Static<typeof VerificationStatus>>>,
];
