/**
 * The location step (only under an `optional` or `required` policy): asks for the device
 * location, keeps the best fix of the session, and reports it with the fingerprint's IP fields
 * (`PATCH /verifications`). A refusal under `required` stops here with a clear message; under
 * `optional` the flow goes on with a report that says so.
 */
import type { GeolocationReport } from '../../../api/types.js';
import { CaptureSourceError } from '../../../capture-source.js';
import { IdvLocationEvent } from '../../../events/index.js';
import { FlowStep } from '../../../flow-step.js';
import { deviceFixReport, noFixReport } from './geolocation-report.js';
import { sampleBestFix } from './location-sampler.js';
import type { FlowContext, OpenFlow } from '../../flow/flow-context.js';
import { HostState } from '../../flow/host-state.js';

/** What the location screen shows. */
export type LocationPhase = 'ask' | 'locating' | 'denied' | 'unavailable';

/** Asks for, samples and reports the device location. */
export class LocationController {
  private readonly phaseState: HostState<LocationPhase>;

  constructor(private readonly flow: FlowContext) {
    this.phaseState = new HostState<LocationPhase>(flow.host, 'ask');
  }

  /** What the location screen shows. */
  get phase(): LocationPhase {
    return this.phaseState.value;
  }

  /** True when the policy does not let the person go on without a location. */
  get required(): boolean {
    return this.flow.open?.session.company.locationPermission === 'required';
  }

  /** Shows the location screen. */
  ask(): void {
    this.phaseState.value = 'ask';
    this.flow.goTo(FlowStep.location);
  }

  /** The person agreed to share the location. */
  readonly share = async (): Promise<void> => {
    const flow = this.flow;
    const open = flow.open;
    if (!open) return;
    const required = this.required;
    this.phaseState.value = 'locating';
    try {
      const fix = await sampleBestFix(flow.source, { signal: flow.signal });
      await flow.fingerprint.wait();
      await this.report(open, deviceFixReport(fix, flow.fingerprint.answer));
      await flow.afterLocation();
    } catch (error) {
      const denied = error instanceof CaptureSourceError && error.code === 'permission-denied';
      const code = denied ? 'LOCATION_PERMISSION_DENIED' : 'LOCATION_UNAVAILABLE';
      await flow.reportClientError(code, error instanceof Error ? error.message : code, true);
      if (required) {
        this.phaseState.value = denied ? 'denied' : 'unavailable';
        return;
      }
      await flow.fingerprint.wait();
      await this.report(
        open,
        noFixReport(denied ? 'denied' : 'prompt', flow.fingerprint.answer),
      ).catch(() => undefined);
      await flow.afterLocation();
    }
  };

  /** The person skipped an optional location. */
  readonly skip = async (): Promise<void> => {
    const flow = this.flow;
    const open = flow.open;
    if (!open) return;
    await flow.withBusy(async () => {
      const permissions = await flow.source
        .checkPermissions()
        .catch(() => ({ location: 'prompt' as const }));
      const permission = permissions.location === 'unavailable' ? 'prompt' : permissions.location;
      await flow.fingerprint.wait();
      await this.report(open, noFixReport(permission, flow.fingerprint.answer)).catch(
        () => undefined,
      );
      await flow.afterLocation();
    });
  };

  private async report(open: OpenFlow, geolocation: GeolocationReport): Promise<void> {
    await open.client.reportGeolocation(open.session.verificationId, geolocation);
    this.flow.emit(new IdvLocationEvent({ geolocation }));
  }
}
