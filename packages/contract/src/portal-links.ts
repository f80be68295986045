import { Type, type Static } from 'typebox';

/** Body of `POST /app/api/links/{id}/email`: the address to send the link to. */
export const PortalLinkMailBody = Type.Object(
  {
    email: Type.String({
      minLength: 3,
      maxLength: 320,
      // One address: no spaces or line breaks (never a second header), one `@`, a dotted domain.
      pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
    }),
  },
  { additionalProperties: false },
);
export type PortalLinkMailBody = Static<typeof PortalLinkMailBody>;
