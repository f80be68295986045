import { randomUUID } from 'node:crypto';
import { DAY_MS, isoAt } from '../lib/clock.js';
import { ApiError, Errors } from '../lib/errors.js';
import type { PaymentProvider } from './billing/payment-provider.js';
import type { ActivityLogService } from './activity-log.js';
import type { Executor, ServiceContext } from './context.js';
import { PLANS, type PlanName } from './plans.js';

/** An invoice as the billing endpoints answer it. */
export interface InvoiceView {
  _id: string;
  amount: number;
  currency: string;
  status: 'open' | 'paid';
  periodStart: string;
  periodEnd: string;
  paidAt: string | null;
  createdAt: string;
}

/** `GET /billing/{idSubscription}`. */
export interface SubscriptionView {
  _id: string;
  companyId: string;
  plan: PlanName;
  status: 'active' | 'unpaid';
  currentPeriodEnd: string;
  invoices: InvoiceView[];
}

/** `POST /billing/paymentMethod`. */
export interface PaymentMethodResult {
  paymentMethod: { _id: string; brand: string; last4: string; createdAt: string };
  collectedInvoices: InvoiceView[];
}

const BILLING_PERIOD_MS = 30 * DAY_MS;

/** Subscriptions, invoices and payment methods, charged through a `PaymentProvider`. */
export class BillingService {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly provider: PaymentProvider,
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

  /**
   * Stores a payment method (no prior card needed) and collects every open invoice with it.
   * A token the provider rejects answers 400; a declined charge 402, and nothing is stored.
   */
  async addPaymentMethod(
    companyId: string,
    userId: string,
    token: string,
    ip: string,
  ): Promise<PaymentMethodResult> {
    const method = await this.provider.createPaymentMethod(token);
    if (method === undefined) throw Errors.badRequest('invalid payment token');
    const db = this.ctx.database.db;
    const open = await db
      .selectFrom('invoices')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('status', '=', 'open')
      .orderBy('created_at')
      .execute();
    const collected: { id: string; reference: string }[] = [];
    for (const invoice of open) {
      const charge = await this.provider.charge(method, invoice.amount_cents, invoice.currency);
      if (!charge.ok)
        throw new ApiError(402, 'IDV_ERR_PAYMENT', `payment failed: ${charge.message}`);
      collected.push({ id: invoice.id, reference: charge.reference });
    }
    const now = isoAt(this.ctx.clock.now());
    const methodId = randomUUID();
    await this.ctx.database.writeTransaction(async (trx) => {
      await trx
        .insertInto('payment_methods')
        .values({
          id: methodId,
          company_id: companyId,
          provider: this.provider.name,
          provider_reference: method.reference,
          brand: method.brand,
          last4: method.last4,
          created_at: now,
        })
        .execute();
      for (const invoice of collected) {
        await trx
          .updateTable('invoices')
          .set({ status: 'paid', paid_at: now, payment_reference: invoice.reference })
          .where('id', '=', invoice.id)
          .execute();
      }
      if (collected.length > 0) {
        await trx
          .updateTable('subscriptions')
          .set({ status: 'active', updated_at: now })
          .where('company_id', '=', companyId)
          .where('status', '=', 'unpaid')
          .execute();
      }
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
    const paidIds = new Set(collected.map((c) => c.id));
    const collectedInvoices = (
      await Promise.all(
        [...new Set(open.map((o) => o.subscription_id))].map((subscriptionId) =>
          this.invoices(subscriptionId),
        ),
      )
    )
      .flat()
      .filter((invoice) => paidIds.has(invoice._id));
    return {
      paymentMethod: { _id: methodId, brand: method.brand, last4: method.last4, createdAt: now },
      collectedInvoices,
    };
  }
}
