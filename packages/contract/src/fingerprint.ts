import { Type } from 'typebox';

/**
 * Body of `POST /flow/fingerprint`: the fingerprint service's answer as the device received it
 * (documented; the route reads the raw bytes, which the signature covers).
 */
export const ForwardedFingerprint = Type.Object({
  userData: Type.Object({}, { additionalProperties: true }),
  signature: Type.String({ description: 'base64 RSA signature over userData' }),
});
