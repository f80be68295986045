/**
 * Approximate geographic origin of the caller's address, from an offline IP geolocation database.
 * Every key is optional: a lookup fills only what the database knows (loopback and private
 * addresses give an empty object).
 */
export interface GeoData {
  /** Radius around `latitude`/`longitude` within which the address probably lies, in km. */
  accuracyRadius?: number;
  /** Latitude of the centre of the estimated area. */
  latitude?: number;
  /** Longitude of the centre of the estimated area. */
  longitude?: number;
  /** Country name in English. */
  country?: string;
  /** ISO 3166-1 alpha-2 country code. */
  countryIso?: string;
  /** City name; frequently null when the database has no city for the address. */
  city?: string | null;
  /** Subdivision names (state, region, province), outermost first. */
  subdivisions?: string[];
  /** ISO 3166-2 subdivision codes where the database has them, outermost first. */
  subdivisionsIso?: string[];
}

/**
 * Signals about the calling connection: the `userData` object of the spec's "Connection
 * fingerprint response". Key order is the order of the serialized response.
 */
export interface FingerprintUserData {
  /** ISO 8601 UTC timestamp of the call. */
  timeStampUtc: string;
  /** Full JA3 string: `version,ciphers,extensions,groups,pointFormats`, GREASE removed. */
  tlsFingerprint: string;
  /** MD5 (hex) of `tlsFingerprint`. For grouping and consistency checks; not unique per device. */
  tlsFingerprintHash: string;
  /** `"1"` when the ClientHello carried GREASE values (RFC 8701), else `"0"`. */
  tlsFingerprintSslGreased: '1' | '0';
  /** Akamai HTTP/2 fingerprint `SETTINGS|WINDOW_UPDATE|PRIORITY|PSEUDO_HEADERS`; null on HTTP/1.1. */
  http2Fingerprint: string | null;
  /** MD5 (hex) of `http2Fingerprint`; null on HTTP/1.1. */
  http2FingerprintHash: string | null;
  /** Request headers as received: HTTP/1.1 names in their original case and order; HTTP/2 as the decoded header list (pseudo-headers included). */
  headers: Record<string, string>;
  /** SHA-256 (hex) of the received header names, in order (see README). */
  headerSignature: string;
  /** Cache-based identifier carried by the `ETag` / `If-None-Match` round trip. */
  etag: string;
  /** `true` when `etag` was issued on this call; `false` when the client sent it back. */
  etagFirstRequest: boolean;
  /** Offline IP geolocation of `ip`. */
  geoData: GeoData;
  /** Observed source address of the caller. */
  ip: string;
  /** Persistent identifier kept in the `fp` cookie. */
  cookie: string;
}

/** The body of `GET /`: `userData` and the base64 RSASSA-PKCS1-v1_5 SHA-256 signature over it. */
export interface FingerprintResponse {
  userData: FingerprintUserData;
  signature: string;
}
