/** The largest page the API serves. */
export const MAX_PAGE_SIZE = 100;
/** Pages past this are empty anyway; clamping keeps OFFSET a safe integer on every database. */
const MAX_PAGE = 1_000_000;

/** A page request after the spec's rules were applied. */
export interface PageRequest {
  size: number;
  page: number;
  offset: number;
}

/** Reads an integer parameter; `undefined` for an absent or empty value, `NaN` for a non-integer. */
function parseInteger(raw: string | number | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw === 'number') return Number.isInteger(raw) ? raw : Number.NaN;
  const text = raw.trim();
  if (text === '') return undefined;
  return /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * Applies the spec's paging rule: a `size` above 100, absent, zero or negative is served as 100; a
 * `page` below 1 or absent is page 1. Returns `undefined` when a value is not an integer at all.
 */
export function resolvePage(
  rawSize: string | number | undefined,
  rawPage: string | number | undefined,
): PageRequest | undefined {
  const size = parseInteger(rawSize);
  const page = parseInteger(rawPage);
  if (Number.isNaN(size) || Number.isNaN(page)) return undefined;
  const servedSize = size === undefined || size <= 0 || size > MAX_PAGE_SIZE ? MAX_PAGE_SIZE : size;
  const servedPage = page === undefined || page < 1 ? 1 : Math.min(page, MAX_PAGE);
  return { size: servedSize, page: servedPage, offset: (servedPage - 1) * servedSize };
}
