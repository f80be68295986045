/**
 * The wire types the SDK's own declarations are checked against (`wire-drift.test.ts`): the
 * contract's, under the contract's names.
 */
export type * from '@idv/contract';
