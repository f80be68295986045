import { ConfigError } from './readers.js';

/** Payment providers the configuration can name. */
export const PAYMENT_PROVIDER_NAMES = ['local-test'] as const;
/** A payment provider the configuration can name. */
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

/** `IDV_PAYMENT_PROVIDER`: none by default, or one of {@link PAYMENT_PROVIDER_NAMES}. */
export function readPaymentProvider(value: string | undefined): PaymentProviderName | undefined {
  if (value === undefined || value === '') return undefined;
  if (!(PAYMENT_PROVIDER_NAMES as readonly string[]).includes(value))
    throw new ConfigError(
      `IDV_PAYMENT_PROVIDER must be one of ${PAYMENT_PROVIDER_NAMES.join(', ')} (got "${value}")`,
    );
  return value as PaymentProviderName;
}
