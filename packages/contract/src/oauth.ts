import { Type, type Static } from 'typebox';

/** Form body of `POST /oauth/token` (client credentials, RFC 6749 §4.4). */
export const OAuthTokenBody = Type.Object(
  {
    grant_type: Type.Optional(Type.String({ maxLength: 200 })),
    client_id: Type.Optional(Type.String({ maxLength: 200 })),
    client_secret: Type.Optional(Type.String({ maxLength: 200 })),
    scope: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type OAuthTokenBody = Static<typeof OAuthTokenBody>;

/** Answer of `POST /oauth/token`: a Bearer access token. */
export const OAuthToken = Type.Object({
  access_token: Type.String(),
  expires_in: Type.Integer({ description: 'seconds (3600)' }),
  token_type: Type.Literal('Bearer'),
});
export type OAuthToken = Static<typeof OAuthToken>;
