/** Reading one configuration value: checked, typed, or a {@link ConfigError} naming it. */

/** Thrown for a configuration value that cannot be used; the CLI prints its message and exits 2. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A boolean variable: true/false, yes/no, on/off, 1/0; `fallback` when unset. */
export function readBoolean(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  const normalized = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(normalized)) return true;
  if (['0', 'false', 'no', 'off'].includes(normalized)) return false;
  throw new ConfigError(`${name} must be true or false (got "${value}")`);
}

/** A whole number between `min` and `max`; `fallback` when unset. */
export function readInteger(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value.trim()))
    throw new ConfigError(`${name} must be a whole number (got "${value}")`);
  const parsed = Number(value.trim());
  if (parsed < min || parsed > max)
    throw new ConfigError(`${name} must be between ${min} and ${max} (got ${parsed})`);
  return parsed;
}

/** An absolute URL with one of `protocols`; answered as given. */
export function readUrl(name: string, value: string, protocols: string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL (got "${value}")`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')} (got "${url.protocol}")`);
  }
  return value;
}
