import type { Kysely, Migration } from 'kysely';

/**
 * Document types (DESIGN §9): the company's default list of the documents a person may show
 * (`companies.document_types`, JSON, null for every type), the list a link allows (resolved at
 * creation from the link's own or the company's, JSON; null on links of older servers, which allow
 * every type), and the type the person chose (`verifications.document_type`, null until chosen; a
 * verification of an older server whose front was accepted was a card). No row is rewritten.
 */
export function documentTypesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('companies').addColumn('document_types', 'text').execute();
      await db.schema.alterTable('links').addColumn('document_types', 'text').execute();
      await db.schema.alterTable('verifications').addColumn('document_type', 'text').execute();
    },
  };
}
