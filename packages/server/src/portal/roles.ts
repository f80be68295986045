import type { PortalRole } from './schema.js';

/** The actions the portal's routes check, each allowed to some roles only. */
export type PortalPermission =
  | 'verifications:read'
  | 'verifications:override'
  | 'links:create'
  | 'developers:manage'
  | 'team:manage'
  | 'activity:read'
  | 'company:manage'
  | 'billing:read'
  | 'billing:manage';

const ALLOWED: Record<PortalPermission, readonly PortalRole[]> = {
  'verifications:read': ['owner', 'admin', 'reviewer', 'developer', 'viewer'],
  // Overriding a result is a reviewing decision: not for developers nor read-only people.
  'verifications:override': ['owner', 'admin', 'reviewer'],
  // Links spend quota: everyone but read-only people may send one.
  'links:create': ['owner', 'admin', 'reviewer', 'developer'],
  // API credentials and webhooks: the integration's people (DESIGN §9), not reviewers.
  'developers:manage': ['owner', 'admin', 'developer'],
  // Who belongs to the company and with which role: its administrators only.
  'team:manage': ['owner', 'admin'],
  // Who did what, from where: the company's administrators (it names every person's address).
  'activity:read': ['owner', 'admin'],
  // The company's name, branding, link defaults and retention: its administrators.
  'company:manage': ['owner', 'admin'],
  // The plan, the usage and the invoices: the company's administrators.
  'billing:read': ['owner', 'admin'],
  // Adding a payment method charges the open invoices: the same administrators.
  'billing:manage': ['owner', 'admin'],
};

/** Whether `role` may do `permission`. */
export function roleAllows(role: PortalRole, permission: PortalPermission): boolean {
  return ALLOWED[permission].includes(role);
}

/** Every permission of a role (the portal hides what the person may not do). */
export function permissionsOf(role: PortalRole): PortalPermission[] {
  return (Object.keys(ALLOWED) as PortalPermission[]).filter((p) => roleAllows(role, p));
}
