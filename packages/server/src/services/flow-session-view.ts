/** The flow session as the device reads it (`FlowSession` of DESIGN §5). */
import type * as contract from '@idv/contract';
import { Errors } from '../lib/errors.js';
import { completedCaptures, requiredCaptures } from './capture-plan.js';
import type { CompanyService } from './companies.js';
import type { Executor, ServiceContext } from './context.js';
import { effectiveDocumentType, parseDocumentTypes } from './document-types.js';
import type { VerificationJoinRow } from './verification-views.js';
import type { VerificationService } from './verifications.js';

/** `company` of a FlowSession: branding and policies. */
export type FlowCompany = contract.FlowSession['company'];

/** `FlowSession` of DESIGN §5. */
export type FlowSession = contract.FlowSession;

/** The session as the device reads it; 410 once the verification is past its readable window. */
export async function readFlowSession(
  ctx: ServiceContext,
  verifications: VerificationService,
  companies: CompanyService,
  verificationId: string,
  db?: Executor,
): Promise<FlowSession> {
  const row = await verifications.load(verificationId, db);
  if (row === undefined) throw Errors.notFound('verification');
  return flowSessionOf(ctx, companies, row);
}

/**
 * The session of a verification row already in hand (as it stands after the caller's change);
 * 410 once the verification is past its readable window.
 */
export async function flowSessionOf(
  ctx: ServiceContext,
  companies: CompanyService,
  row: VerificationJoinRow,
): Promise<FlowSession> {
  if (Date.parse(row.expires_at) <= ctx.clock.now()) throw Errors.gone('verification expired');
  const company = await companies.get(row.company_id);
  const [companyView, logoUrl] = await Promise.all([
    companies.linkCompanyView(company),
    companies.logoUrl(company.id),
  ]);
  return {
    verificationId: row.id,
    linkId: row.link_id,
    status: row.status,
    step: row.step,
    method: row.method,
    operationGuid: row.operation_guid,
    type: row.link_type,
    documentType: effectiveDocumentType(row),
    documentTypes: parseDocumentTypes(row.link_document_types),
    requiredCaptures: requiredCaptures(row),
    completedCaptures: completedCaptures(row),
    remainingRetries: {
      front: row.remaining_retries_front,
      back: row.remaining_retries_back,
      selfie: row.remaining_retries_selfie,
    },
    termsAccepted: row.terms_and_conditions === 1,
    expiresAt: row.link_expires_at,
    callbackUrl: row.link_callback_url,
    company: {
      ...companyView,
      logoUrl,
      allowUploadedSelfie: company.allow_uploaded_selfie === 1,
    },
  };
}
