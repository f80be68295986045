/** Version of this package, sent in the `User-Agent` header. */
export const SDK_VERSION = '0.1.0';
