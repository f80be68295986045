/**
 * The flow API's wire types, checked at compile time: `<idv-verify>` declares the shapes it
 * exchanges with the server itself (the element must not import the server), so this file makes
 * `tsc --build` fail as soon as the element's declarations and the contract's schemas
 * (`@idv/contract`, which the server validates and publishes) drift apart.
 * Nothing runs: a mismatch is a type error on the line that names the pair.
 */
import type {
  CaptureResult,
  CreatedFlowSession,
  DocumentCaptureMeta,
  FlowSession,
  HandoffTicket,
  SelfieCaptureMeta,
} from '@idv/verify';
import type { Static } from 'typebox';
import type * as server from '@idv/contract';

/** True when A and B are the same type (neither wider nor narrower). */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `Check` is `true`. */
function agree<Check extends true>(): Check | undefined {
  return undefined;
}

agree<Same<FlowSession, Static<typeof server.FlowSession>>>();
agree<Same<CreatedFlowSession, Static<typeof server.CreatedFlowSession>>>();
agree<Same<HandoffTicket, Static<typeof server.HandoffTicket>>>();
agree<Same<CaptureResult, Static<typeof server.CaptureResult>>>();
agree<Same<DocumentCaptureMeta, server.DocumentCaptureMeta>>();
agree<Same<SelfieCaptureMeta, server.SelfieCaptureMeta>>();
