/**
 * The implementation of `IdvVerifyPlugin`. The plugin has no native code: this TypeScript class
 * runs on the web, Android and iOS alike, and reaches the phone's camera and location through the
 * official Camera and Geolocation plugins, loaded only inside a native app.
 */
import { WebPlugin } from '@capacitor/core';
import type {
  IdvVerifyPermissions,
  IdvVerifyPlugin,
  NativeCaptureState,
  PermissionStatus,
  StartOptions,
  StartResult,
} from './definitions.js';
import { IdvVerifyError } from './errors.js';
import { canOpenAppSettings, openAppSettings } from './internal/app-settings.js';
import { FlowOverlay } from './internal/flow-overlay.js';
import { linkOf } from './internal/link.js';
import { isNative, loadNativeCaptureSource } from './internal/native-loader.js';
import { checkWebPermissions, requestWebPermissions } from './internal/web-permissions.js';

export class IdvVerifyWeb extends WebPlugin implements IdvVerifyPlugin {
  private flow?: FlowOverlay;

  async start(options: StartOptions): Promise<StartResult> {
    if (this.flow) throw new IdvVerifyError('ALREADY_RUNNING', 'A verification flow is open.');
    const link = linkOf(options, isNative());
    const [captureSource] = await Promise.all([
      loadNativeCaptureSource(),
      import('@idv/verify'), // registers <idv-verify>
    ]);
    if (this.flow) throw new IdvVerifyError('ALREADY_RUNNING', 'A verification flow is open.');
    const flow = new FlowOverlay({
      link,
      start: options,
      captureSource,
      openSettings: canOpenAppSettings() ? openAppSettings : undefined,
      onEvent: (type, detail) => this.notifyListeners(type, detail),
    });
    this.flow = flow;
    try {
      return await flow.open();
    } finally {
      this.flow = undefined;
    }
  }

  async cancel(): Promise<void> {
    this.flow?.cancel();
  }

  async useNativeCapture(): Promise<NativeCaptureState> {
    const source = await loadNativeCaptureSource();
    if (!source) return { active: false };
    const { setDefaultCaptureSource } = await import('@idv/verify');
    setDefaultCaptureSource(source);
    return { active: true };
  }

  async checkPermissions(): Promise<PermissionStatus> {
    if (!isNative()) return checkWebPermissions();
    const { checkNativePermissions } = await import('./native/permissions.js');
    return checkNativePermissions();
  }

  async requestPermissions(permissions?: IdvVerifyPermissions): Promise<PermissionStatus> {
    if (!isNative()) return requestWebPermissions(permissions);
    const { requestNativePermissions } = await import('./native/permissions.js');
    return requestNativePermissions(permissions);
  }

  async openAppSettings(): Promise<void> {
    openAppSettings();
  }
}
