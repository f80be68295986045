/**
 * What the gate rules match on: form factor, platform and OS version, read from the user agent
 * (with User-Agent Client Hints' `platform` and `mobile` when the browser offers them).
 */
import type { FormFactor, Platform } from '../../api/types.js';

/** The device as the gate rules see it. */
export interface DeviceInfo {
  formFactor: FormFactor;
  platform: Platform;
  /** Dotted OS version (`17.4`, `14`, `10.15.7`), or `null` when unknown. */
  osVersion: string | null;
  /** True inside an in-app browser (social and messaging apps) that often blocks the camera. */
  inAppBrowser: boolean;
}

const inAppPattern =
  /FBAN|FBAV|FB_IAB|Instagram|Line\/|MicroMessenger|Twitter|TikTok|musical_ly|Snapchat|LinkedInApp|Pinterest|GSA\/|; wv\)/i;

/** Reads a device description from a user agent string and optional touch information. */
export function describeDevice(userAgent: string, maxTouchPoints = 0): DeviceInfo {
  const ua = userAgent;
  let platform: Platform = 'other';
  let osVersion: string | null = null;
  let match: RegExpMatchArray | null;
  if ((match = ua.match(/(?:iPhone|iPad|iPod).*? OS (\d+(?:_\d+)*)/))) {
    platform = 'ios';
    osVersion = match[1]!.replace(/_/g, '.');
  } else if ((match = ua.match(/Android (\d+(?:\.\d+)*)/))) {
    platform = 'android';
    osVersion = match[1]!;
  } else if ((match = ua.match(/Windows NT (\d+(?:\.\d+)*)/))) {
    platform = 'windows';
    osVersion = match[1]!;
  } else if ((match = ua.match(/Mac OS X (\d+(?:[._]\d+)*)/))) {
    platform = 'macos';
    osVersion = match[1]!.replace(/_/g, '.');
  } else if (/CrOS/.test(ua)) {
    platform = 'other';
  } else if (/Linux|X11/.test(ua)) {
    platform = 'linux';
  }
  // iPadOS 13+ presents itself as a Mac with touch.
  const iPadAsMac = platform === 'macos' && maxTouchPoints > 1;
  if (iPadAsMac) {
    platform = 'ios';
    const version = ua.match(/Version\/(\d+(?:\.\d+)*)/);
    osVersion = version ? version[1]! : null;
  }
  let formFactor: FormFactor = 'desktop';
  if (/iPad|Tablet/.test(ua) || iPadAsMac || (platform === 'android' && !/Mobile/.test(ua))) {
    formFactor = 'tablet';
  } else if (/Mobi|iPhone|iPod/.test(ua)) {
    formFactor = 'mobile';
  }
  return { formFactor, platform, osVersion, inAppBrowser: inAppPattern.test(ua) };
}

/** The current browser's device description. */
export function currentDevice(): DeviceInfo {
  if (typeof navigator === 'undefined') {
    return { formFactor: 'desktop', platform: 'other', osVersion: null, inAppBrowser: false };
  }
  return describeDevice(navigator.userAgent, navigator.maxTouchPoints ?? 0);
}
