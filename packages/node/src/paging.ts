/**
 * Paging of list endpoints as async iterators.
 *
 * @packageDocumentation
 */

/** Paging options of a list method. */
export interface PageOptions {
  /** Items per request, 1–100 (default 100, the API's maximum). */
  pageSize?: number;
  /** First page to read, from 1 (default 1). */
  startPage?: number;
  /** Aborts the iteration (and the request in flight). */
  signal?: AbortSignal;
}

/** One page as a list endpoint answers it. */
export interface FetchedPage<T> {
  items: T[];
  /** Total number of items, when the endpoint says. */
  total?: number;
}

/** The page size to request: an integer in 1–100. */
export function pageSizeOf(options: PageOptions): number {
  const size = options.pageSize ?? 100;
  if (!Number.isInteger(size) || size < 1 || size > 100)
    throw new RangeError('pageSize must be an integer from 1 to 100');
  return size;
}

/**
 * Iterates every item of a paged endpoint, one request per page, stopping after a short page (or
 * once `total` items were seen).
 *
 * @param fetchPage Reads page `page` (from 1) of `size` items.
 */
export async function* paginate<T>(
  fetchPage: (page: number, size: number, signal?: AbortSignal) => Promise<FetchedPage<T>>,
  options: PageOptions = {},
): AsyncGenerator<T, void, undefined> {
  const size = pageSizeOf(options);
  let page = options.startPage ?? 1;
  if (!Number.isInteger(page) || page < 1) throw new RangeError('startPage must be an integer ≥ 1');
  for (;;) {
    const { items, total } = await fetchPage(page, size, options.signal);
    yield* items;
    if (items.length < size) return;
    if (total !== undefined && page * size >= total) return;
    page++;
  }
}
