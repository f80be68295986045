/**
 * The inbox's state as the URL keeps it (status, search, filters, sort, page): read from the URL,
 * written back to it, and turned into the API's query.
 */
import { msg } from '@lit/localize';
import type { VerificationStatus } from '@idv/contract';
import { STATUSES } from '../../lib/format.js';

/** Rows per page. */
export const PAGE_SIZE = 25;

/** The filters beside status and search, each a query parameter of the URL and of the API. */
export const FILTER_KEYS = ['type', 'method', 'from', 'to', 'reason'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The sort choices: the API's `sort` and `order`, and their label (in the portal's language). */
export const SORTS = {
  newest: { label: () => msg('Newest first'), sort: 'createdAt', order: 'desc' },
  oldest: { label: () => msg('Oldest first'), sort: 'createdAt', order: 'asc' },
  finished: { label: () => msg('Recently finished'), sort: 'finishedAt', order: 'desc' },
} as const;
export type SortChoice = keyof typeof SORTS;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** What each filter accepts from the URL. */
export const ALLOWED: Record<FilterKey, (value: string) => boolean> = {
  type: (value) => value === 'FULL FLOW' || value === 'ID ONLY',
  method: (value) => value === 'FACE' || value === 'DOCUMENT',
  from: (value) => DAY.test(value),
  to: (value) => DAY.test(value),
  reason: (value) => value.length > 0 && value.length <= 64,
};

/** The inbox's state, as kept in the URL (`?status=&q=&type=&method=&from=&to=&reason=&sort=&page=`). */
export interface Filters extends Partial<Record<FilterKey, string>> {
  status: VerificationStatus | '';
  q: string;
  sort: SortChoice;
  page: number;
}

/** The inbox's state read from the page's URL; anything not allowed is dropped. */
export function filtersFromUrl(): Filters {
  const params = new URLSearchParams(location.search);
  const status = params.get('status') ?? '';
  const page = Number(params.get('page') ?? '1');
  const sort = params.get('sort') ?? 'newest';
  const filters: Filters = {
    status: (STATUSES as string[]).includes(status) ? (status as VerificationStatus) : '',
    q: params.get('q') ?? '',
    sort: sort in SORTS ? (sort as SortChoice) : 'newest',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value !== null && ALLOWED[key](value)) filters[key] = value;
  }
  return filters;
}

/** The page URL that keeps `filters`. */
export function urlOf(filters: Filters): string {
  const params = new URLSearchParams();
  if (filters.status !== '') params.set('status', filters.status);
  if (filters.q !== '') params.set('q', filters.q);
  for (const key of FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query === '' ? '/app/' : `/app/?${query}`;
}

/** The API query of the filters. */
export function apiQuery(filters: Filters): URLSearchParams {
  const params = new URLSearchParams({ page: String(filters.page), size: String(PAGE_SIZE) });
  if (filters.status !== '') params.set('status', filters.status);
  if (filters.q.trim() !== '') params.set('q', filters.q.trim());
  for (const key of FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  const { sort, order } = SORTS[filters.sort];
  if (filters.sort !== 'newest') params.set('sort', sort);
  if (filters.sort !== 'newest') params.set('order', order);
  return params;
}

/** Whether any filter or search narrows the list. */
export const isFiltered = (filters: Filters) =>
  filters.status !== '' || filters.q !== '' || FILTER_KEYS.some((key) => filters[key]);
