import type { VerificationStatus } from '@idv/contract';
import { currentLanguage } from './localization.js';

/** `Intl` formatters, one per language and options (building one is not free; screens re-render). */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(
  kind: string,
  options: object,
  make: (language: string) => T,
): T {
  const language = currentLanguage();
  const key = `${kind}|${language}|${JSON.stringify(options)}`;
  let formatter = cache.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make(language);
    cache.set(key, formatter);
  }
  return formatter;
}

/** A date formatter in the portal's language (the person's time zone unless `options` says). */
export const dateFormat = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  cached('date', options, (language) => new Intl.DateTimeFormat(language, options));

/** A number formatter in the portal's language. */
export const numberFormat = (options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  cached('number', options, (language) => new Intl.NumberFormat(language, options));

/** A timestamp for people (the portal's language, their time zone). */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';
}

/** A day for people (the portal's language), e.g. an invoice's period. */
export function formatDate(iso: string): string {
  return dateFormat({ dateStyle: 'medium' }).format(new Date(iso));
}

/** A count for people (grouping as the portal's language writes it). */
export function formatNumber(value: number): string {
  return numberFormat().format(value);
}

/** Web Awesome variant of a status badge. */
export function statusVariant(
  status: VerificationStatus,
): 'success' | 'danger' | 'warning' | 'neutral' | 'brand' {
  switch (status) {
    case 'success':
      return 'success';
    case 'failed':
      return 'danger';
    case 'expired':
      return 'neutral';
    case 'started':
      return 'brand';
    default:
      return 'warning';
  }
}

/** The statuses, in the inbox filter's order. */
export const STATUSES: VerificationStatus[] = [
  'pending',
  'started',
  'success',
  'failed',
  'expired',
];
