import type { VerificationStatus } from '@idv/contract';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp for people (their locale and time zone). */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
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
