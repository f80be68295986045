/** Subscription plans (spec: Plans). */
export const PLAN_NAMES = ['basic', 'premium', 'pro'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** What each plan allows. Windows are in hours (DESIGN §4). */
export interface PlanRules {
  /** Monthly verification quota (Pro: the default when none is configured). */
  quota: number;
  /** Whether the quota may be configured per company. */
  configurableQuota: boolean;
  /** API access (token endpoint); Basic is application only. */
  api: boolean;
  /** Largest link window. */
  maxLinkHours: number;
  /** Largest data window. */
  maxDataHours: number;
  /** Windows that cannot be changed (Basic: 30 + 30 minutes). */
  fixedWindows?: { linkHours: number; dataHours: number };
  /** Monthly price in cents, or null for sales-contracted plans. */
  monthlyPriceCents: number | null;
  /** Default data window of a new company. */
  defaultDataHours: number;
}

export const PLANS: Record<PlanName, PlanRules> = {
  basic: {
    quota: 10,
    configurableQuota: false,
    api: false,
    maxLinkHours: 0.5,
    maxDataHours: 0.5,
    fixedWindows: { linkHours: 0.5, dataHours: 0.5 },
    monthlyPriceCents: 0,
    defaultDataHours: 0.5,
  },
  premium: {
    quota: 100,
    configurableQuota: false,
    api: true,
    maxLinkHours: 72,
    maxDataHours: 72,
    monthlyPriceCents: 4999,
    defaultDataHours: 24,
  },
  pro: {
    quota: 1000,
    configurableQuota: true,
    api: true,
    maxLinkHours: 720,
    maxDataHours: 720,
    monthlyPriceCents: null,
    defaultDataHours: 24,
  },
};

/** Default `linkConfig.expirationTime` (hours). */
export const DEFAULT_LINK_HOURS = 1;

/** Whether a plan may use the API, webhooks and cloud-services keys. */
export function planHasApi(plan: PlanName): boolean {
  return PLANS[plan].api;
}
