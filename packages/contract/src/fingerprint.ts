import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';

/**
 * Approximate geographic origin of the caller's address, from an offline IP geolocation database.
 * Every key is optional: a lookup fills only what the database knows (loopback and private
 * addresses give an empty object).
 */
export const FingerprintGeoData = Type.Object(
  {
    accuracyRadius: Type.Optional(
      Type.Number({
        description:
          'Radius around `latitude`/`longitude` within which the address probably lies, in km.',
      }),
    ),
    latitude: Type.Optional(Type.Number({ description: 'Latitude of the centre of the area.' })),
    longitude: Type.Optional(Type.Number({ description: 'Longitude of the centre of the area.' })),
    country: Type.Optional(Type.String({ description: 'Country name in English.' })),
    countryIso: Type.Optional(Type.String({ description: 'ISO 3166-1 alpha-2 country code.' })),
    city: Type.Optional(
      Nullable(
        Type.String({ description: 'City name; often null when the database has no city.' }),
      ),
    ),
    subdivisions: Type.Optional(
      Type.Array(Type.String(), {
        description: 'Subdivision names (state, region, province), outermost first.',
      }),
    ),
    subdivisionsIso: Type.Optional(
      Type.Array(Type.String(), {
        description: 'ISO 3166-2 subdivision codes where known, outermost first.',
      }),
    ),
  },
  { title: 'FingerprintGeoData' },
);
export type FingerprintGeoData = Static<typeof FingerprintGeoData>;

/**
 * Signals about the calling connection: the `userData` object of the spec's "Connection
 * fingerprint response" (the fingerprint service serializes it in this key order).
 */
export const FingerprintUserData = Type.Object(
  {
    timeStampUtc: Type.String({
      format: 'date-time',
      description: 'ISO 8601 UTC time of the call.',
    }),
    tlsFingerprint: Type.String({
      description:
        'Full JA3 string: `version,ciphers,extensions,groups,pointFormats`, GREASE removed.',
    }),
    tlsFingerprintHash: Type.String({ description: 'MD5 (hex) of `tlsFingerprint`.' }),
    tlsFingerprintSslGreased: Type.Union([Type.Literal('1'), Type.Literal('0')], {
      description: '`"1"` when the ClientHello carried GREASE values (RFC 8701), else `"0"`.',
    }),
    http2Fingerprint: Nullable(
      Type.String({
        description:
          'Akamai HTTP/2 fingerprint `SETTINGS|WINDOW_UPDATE|PRIORITY|PSEUDO_HEADERS`; null on HTTP/1.1.',
      }),
    ),
    http2FingerprintHash: Nullable(
      Type.String({ description: 'MD5 (hex) of `http2Fingerprint`; null on HTTP/1.1.' }),
    ),
    headers: Type.Record(Type.String(), Type.String(), {
      description: 'Request headers as received (HTTP/2: the decoded header list).',
    }),
    headerSignature: Type.String({
      description: 'SHA-256 (hex) of the received header names, in order.',
    }),
    etag: Type.String({ description: 'Cache-based identifier of the `ETag` round trip.' }),
    etagFirstRequest: Type.Boolean({
      description: '`true` when `etag` was issued on this call; `false` when sent back.',
    }),
    geoData: FingerprintGeoData,
    ip: Type.String({ description: 'Observed source address of the caller.' }),
    cookie: Type.String({ description: 'Persistent identifier kept in the `fp` cookie.' }),
  },
  { title: 'FingerprintUserData' },
);
export type FingerprintUserData = Static<typeof FingerprintUserData>;

/**
 * The fingerprint service's answer (`GET /` of the service): `userData` and the base64
 * RSASSA-PKCS1-v1_5 SHA-256 signature over its serialized bytes. The device forwards it unchanged
 * to `POST /flow/fingerprint`.
 */
export const FingerprintResponse = Type.Object(
  {
    userData: FingerprintUserData,
    signature: Type.String({ description: 'base64 RSA signature over userData' }),
  },
  { title: 'FingerprintResponse' },
);
export type FingerprintResponse = Static<typeof FingerprintResponse>;

/**
 * Body of `POST /flow/fingerprint`: the fingerprint service's answer as the device received it
 * (documented; the route reads the raw bytes, which the signature covers).
 */
export const ForwardedFingerprint = FingerprintResponse;
