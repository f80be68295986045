/** Device gate (DESIGN §4): the first rule whose every given field matches the device gates it. */
import type { GateRule, GateRules } from '../../api/types.js';
import type { DeviceInfo } from './device-info.js';

/** Compares dotted versions numerically: negative when `a < b`, 0 when equal, positive otherwise. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const right = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** True when every field of the rule's `match` holds for the device. */
export function ruleMatches(rule: GateRule, device: DeviceInfo): boolean {
  const { formFactor, platform, osVersionMax } = rule.match;
  if (formFactor !== undefined && formFactor !== device.formFactor) return false;
  if (platform !== undefined && platform !== device.platform) return false;
  if (osVersionMax !== undefined) {
    // An unknown OS version cannot be shown to be old enough: the rule does not match.
    if (device.osVersion === null || compareVersions(device.osVersion, osVersionMax) > 0)
      return false;
  }
  return true;
}

/** The first rule that gates the device, or `undefined` when the device may continue. */
export function matchGate(
  rules: GateRules | null | undefined,
  device: DeviceInfo,
): GateRule | undefined {
  // Read defensively: a rule set is data from the network, not a type.
  const list: unknown = rules?.rules;
  if (!Array.isArray(list)) return undefined;
  return (list as GateRule[]).find(
    (rule) => typeof rule?.match === 'object' && rule.match !== null && ruleMatches(rule, device),
  );
}
