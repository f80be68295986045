import type { Kysely, Migration } from 'kysely';

/**
 * What the portal's verification detail shows of the selfie (issue 16): the face-match score
 * against the threshold, the liveness challenge and the anti-spoofing verdict of the last selfie
 * analysed, as JSON (`SelfieReview` of the contract) beside the document analyses the pipeline
 * already keeps. Deleted with them by the retention.
 */
export function selfieReviewMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('capture_analyses').addColumn('selfie', 'text').execute();
    },
  };
}
