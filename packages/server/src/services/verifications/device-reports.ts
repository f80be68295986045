import { Errors } from '../../lib/errors.js';
import { haversineKm, locationTier } from '../../lib/geo.js';
import type { CompanyService } from '../companies.js';
import type { ServiceContext } from '../context.js';
import {
  publicVerificationView,
  type PublicVerificationView,
  type ReportedGeolocation,
  type StoredGeolocation,
} from '../verification-views.js';
import type { VerificationReads } from './reads.js';
import { CAPTURED_AT_TOLERANCE_MS, updateOpen } from './rules.js';

/**
 * What the person's device reports on an open verification (the public PATCHes): its location,
 * checked and stored with the server-derived fields, and client-side errors.
 */
export class VerificationDeviceReports {
  constructor(
    private readonly ctx: ServiceContext,
    private readonly reads: VerificationReads,
    private readonly companies: CompanyService,
  ) {}

  private now(): number {
    return this.ctx.clock.now();
  }
  /**
   * `PATCH /verifications`: validates a reported location and stores it with the server-derived
   * `tier`, `policy` (in force now), `ipDistanceKm` (haversine, device fix to IP position) and
   * `serverIp`. The caller validated the field types; the cross-field rules are checked here.
   */
  async reportGeolocation(
    verificationId: string,
    reported: ReportedGeolocation,
    serverIp: string,
  ): Promise<PublicVerificationView> {
    const hasDeviceFix =
      reported.deviceLatitude !== undefined && reported.deviceLongitude !== undefined;
    if ((reported.deviceLatitude === undefined) !== (reported.deviceLongitude === undefined)) {
      throw Errors.badRequest(
        'geolocation.deviceLatitude and geolocation.deviceLongitude must be sent together',
      );
    }
    if (
      (reported.source === 'gps' || reported.source === 'wifi' || reported.source === 'cell') &&
      !hasDeviceFix
    ) {
      throw Errors.badRequest(
        `geolocation.source ${reported.source} requires geolocation.deviceLatitude and geolocation.deviceLongitude`,
      );
    }
    if (reported.accuracy !== undefined && !hasDeviceFix) {
      throw Errors.badRequest(
        'geolocation.accuracy describes a device fix: send deviceLatitude and deviceLongitude',
      );
    }
    if ((reported.latitude === undefined) !== (reported.longitude === undefined)) {
      throw Errors.badRequest(
        'geolocation.latitude and geolocation.longitude must be sent together',
      );
    }
    if (reported.latitude !== undefined && Math.abs(Number(reported.latitude)) > 90) {
      throw Errors.badRequest('geolocation.latitude must be between -90 and 90');
    }
    if (reported.longitude !== undefined && Math.abs(Number(reported.longitude)) > 180) {
      throw Errors.badRequest('geolocation.longitude must be between -180 and 180');
    }
    if (reported.capturedAt !== undefined) {
      const captured = Date.parse(reported.capturedAt);
      if (Number.isNaN(captured) || Math.abs(captured - this.now()) > CAPTURED_AT_TOLERANCE_MS) {
        throw Errors.badRequest(
          'geolocation.capturedAt must be within 24 hours of the server clock',
        );
      }
    }
    const row = await this.reads.loadOpenForDevice(verificationId);
    const company = await this.companies.get(row.company_id);
    const ipLatitude = reported.latitude === undefined ? undefined : Number(reported.latitude);
    const ipLongitude = reported.longitude === undefined ? undefined : Number(reported.longitude);
    const hasIpPosition = ipLatitude !== undefined && ipLongitude !== undefined;
    const ipDistanceKm =
      hasDeviceFix && hasIpPosition
        ? Math.round(
            haversineKm(
              reported.deviceLatitude!,
              reported.deviceLongitude!,
              ipLatitude,
              ipLongitude,
            ) * 1000,
          ) / 1000
        : null;
    const stored: StoredGeolocation = {
      ...reported,
      tier: locationTier(reported.accuracy, hasIpPosition),
      policy: this.companies.locationPermission(company),
      ipDistanceKm,
      serverIp,
    };
    const geolocation = JSON.stringify(stored);
    await updateOpen(this.ctx, verificationId, { geolocation });
    return publicVerificationView({ id: row.id, status: row.status, step: row.step, geolocation });
  }

  /** `PATCH /verifications/error`: records a client-side error; the status does not change. */
  async reportClientError(
    verificationId: string,
    errorCode: string,
    errorMessage: string,
  ): Promise<PublicVerificationView> {
    const row = await this.reads.loadOpenForDevice(verificationId);
    await updateOpen(this.ctx, verificationId, {
      error_code: errorCode,
      error_message: errorMessage,
    });
    return publicVerificationView(row);
  }
}
