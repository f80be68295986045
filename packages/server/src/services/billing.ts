import type * as contract from '@idv/contract';
import { randomUUID } from 'node:crypto';
import { DAY_MS, isoAt } from '../lib/clock.js';
import { ApiError, Errors } from '../lib/errors.js';
import type { PaymentProvider } from './billing/payment-provider.js';
import type { ActivityLogService } from './activity-log.js';
import type { Executor, ServiceContext } from './context.js';
import { PLANS, type PlanName } from './plans.js';

/** An invoice as the billing endpoints answer it. */
export type InvoiceView = contract.Invoice;

/** `GET /billing/{idSubscription}`. */
export type SubscriptionView = contract.Subscription;

/** `POST /billing/paymentMethod`. */
export type PaymentMethodResult = contract.PaymentMethodResult;

/** A stored payment method (card brand and last digits only). */
export type PaymentMethodView = contract.PaymentMethod;

const BILLING_PERIOD_MS = 30 * DAY_MS;

/**
 * A claim older than this is taken as abandoned (its process died between claim and record): a
 * later payment may claim the invoice again, and charges it with the same idempotency key, so the
 * provider answers the first charge instead of charging twice.
 */
export const INVOICE_CLAIM_TIMEOUT_MS = 15 * 60_000;

/** Subscriptions, invoices and payment methods, charged through a `PaymentProvider`. */
export class BillingService {
  constructor(
    private readonly ctx: ServiceContext,
    /** Undefined when none is configured: the payment routes then answer 503. */
    private readonly provider: PaymentProvider | undefined,
    private readonly activity: ActivityLogService,
  ) {}

  /**
   * Opens the subscription of a new company. A paid plan starts with its first invoice open (no card
   * is needed to sign up); the invoice is collected when a payment method is added.
   */
  async openSubscription(
    trx: Executor,
    companyId: string,
    plan: PlanName,
    now: number,
  ): Promise<void> {
    const price = PLANS[plan].monthlyPriceCents;
    const paid = price !== null && price > 0;
    const subscriptionId = randomUUID();
    const periodEnd = isoAt(now + BILLING_PERIOD_MS);
    await trx
      .insertInto('subscriptions')
      .values({
        id: subscriptionId,
        company_id: companyId,
        plan,
        status: paid ? 'unpaid' : 'active',
        current_period_end: periodEnd,
        created_at: isoAt(now),
        updated_at: isoAt(now),
      })
      .execute();
    if (paid) {
      await trx
        .insertInto('invoices')
        .values({
          id: randomUUID(),
          subscription_id: subscriptionId,
          company_id: companyId,
          amount_cents: price,
          currency: 'USD',
          status: 'open',
          period_start: isoAt(now),
          period_end: periodEnd,
          paid_at: null,
          payment_reference: null,
          created_at: isoAt(now),
        })
        .execute();
    }
  }

  private async invoices(subscriptionId: string): Promise<InvoiceView[]> {
    const rows = await this.ctx.database.db
      .selectFrom('invoices')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((r) => ({
      _id: r.id,
      amount: r.amount_cents / 100,
      currency: r.currency,
      status: r.status,
      periodStart: r.period_start,
      periodEnd: r.period_end,
      paidAt: r.paid_at,
      createdAt: r.created_at,
    }));
  }

  /** A subscription of the caller's company: 404 when unknown, 403 when another company's. */
  async subscription(companyId: string, subscriptionId: string): Promise<SubscriptionView> {
    const row = await this.ctx.database.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('id', '=', subscriptionId)
      .executeTakeFirst();
    if (row === undefined) throw Errors.notFound('customer');
    if (row.company_id !== companyId)
      throw Errors.forbidden('subscription does not belong to the caller');
    return {
      _id: row.id,
      companyId: row.company_id,
      plan: row.plan,
      status: row.status,
      currentPeriodEnd: row.current_period_end,
      invoices: await this.invoices(row.id),
    };
  }

  /** The configured payment provider's name (`IDV_PAYMENT_PROVIDER`), or null when there is none. */
  get providerName(): string | null {
    return this.provider?.name ?? null;
  }

  /**
   * The payment method added last (the one in use), or null when the company has none. Methods
   * added within the same millisecond have no order between them (ids are random).
   */
  async currentPaymentMethod(companyId: string): Promise<PaymentMethodView | null> {
    const row = await this.ctx.database.db
      .selectFrom('payment_methods')
      .select(['id', 'brand', 'last4', 'created_at'])
      .where('company_id', '=', companyId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row === undefined
      ? null
      : { _id: row.id, brand: row.brand, last4: row.last4, createdAt: row.created_at };
  }

  /**
   * Stores a payment method (no prior card needed) and collects every open invoice with it.
   * A token the provider rejects answers 400; a declined charge 402, and the method is not stored.
   * 503 when no payment provider is configured (`IDV_PAYMENT_PROVIDER`).
   *
   * Each invoice is claimed before it is charged (a guarded `open` → `processing` update: of
   * concurrent or repeated calls, one wins and the others skip it) and charged with its id as the
   * idempotency key; it turns `paid` as soon as its charge succeeds, `open` again if it fails.
   */
  async addPaymentMethod(
    companyId: string,
    userId: string,
    token: string,
    ip: string,
  ): Promise<PaymentMethodResult> {
    const provider = this.provider;
    if (provider === undefined)
      throw new ApiError(
        503,
        'IDV_ERR_PAYMENT_PROVIDER_MISSING',
        'no payment provider is configured (IDV_PAYMENT_PROVIDER)',
      );
    const method = await provider.createPaymentMethod(token);
    if (method === undefined) throw Errors.badRequest('invalid payment token');
    const db = this.ctx.database.db;
    const open = await db
      .selectFrom('invoices')
      .selectAll()
      .where('company_id', '=', companyId)
      .where((eb) => eb.or([eb('status', '=', 'open'), eb('status', '=', 'processing')]))
      .orderBy('created_at')
      .execute();
    const collected = new Set<string>();
    for (const invoice of open) {
      if (!(await this.#claim(invoice.id))) continue;
      let charge;
      try {
        charge = await provider.charge(method, invoice.amount_cents, invoice.currency, {
          idempotencyKey: invoice.id,
        });
      } catch (error) {
        await this.#release(invoice.id);
        throw error;
      }
      if (!charge.ok) {
        await this.#release(invoice.id);
        throw new ApiError(402, 'IDV_ERR_PAYMENT', `payment failed: ${charge.message}`);
      }
      await this.#markPaid(companyId, invoice.id, charge.reference);
      collected.add(invoice.id);
    }
    const now = isoAt(this.ctx.clock.now());
    const methodId = randomUUID();
    await this.ctx.database.writeTransaction(async (trx) => {
      await trx
        .insertInto('payment_methods')
        .values({
          id: methodId,
          company_id: companyId,
          provider: provider.name,
          provider_reference: method.reference,
          brand: method.brand,
          last4: method.last4,
          created_at: now,
        })
        .execute();
      await this.activity.record(
        {
          companyId,
          userId,
          action: 'billing.payment_method_added',
          resource: 'payment_method',
          resourceId: methodId,
          ip,
        },
        trx,
      );
    });
    const collectedInvoices = (
      await Promise.all(
        [...new Set(open.map((o) => o.subscription_id))].map((subscriptionId) =>
          this.invoices(subscriptionId),
        ),
      )
    )
      .flat()
      .filter((invoice) => collected.has(invoice._id));
    return {
      paymentMethod: { _id: methodId, brand: method.brand, last4: method.last4, createdAt: now },
      collectedInvoices,
    };
  }

  /**
   * Takes an invoice for one payment: `open` → `processing`, or a `processing` claim abandoned for
   * `INVOICE_CLAIM_TIMEOUT_MS`. Answers whether this call holds it.
   */
  async #claim(invoiceId: string): Promise<boolean> {
    const now = this.ctx.clock.now();
    const result = await this.ctx.database.db
      .updateTable('invoices')
      .set({ status: 'processing', claimed_at: isoAt(now) })
      .where('id', '=', invoiceId)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'open'),
          eb.and([
            eb('status', '=', 'processing'),
            eb('claimed_at', '<', isoAt(now - INVOICE_CLAIM_TIMEOUT_MS)),
          ]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives a claimed invoice back (its charge failed): `processing` → `open`. */
  async #release(invoiceId: string): Promise<void> {
    await this.ctx.database.db
      .updateTable('invoices')
      .set({ status: 'open', claimed_at: null })
      .where('id', '=', invoiceId)
      .where('status', '=', 'processing')
      .execute();
  }

  /** Records a successful charge: `processing` → `paid`, and the subscription becomes active. */
  async #markPaid(companyId: string, invoiceId: string, reference: string): Promise<void> {
    const now = isoAt(this.ctx.clock.now());
    await this.ctx.database.writeTransaction(async (trx) => {
      await trx
        .updateTable('invoices')
        .set({ status: 'paid', paid_at: now, payment_reference: reference })
        .where('id', '=', invoiceId)
        .where('status', '=', 'processing')
        .execute();
      await trx
        .updateTable('subscriptions')
        .set({ status: 'active', updated_at: now })
        .where('company_id', '=', companyId)
        .where('status', '=', 'unpaid')
        .execute();
    });
  }
}
