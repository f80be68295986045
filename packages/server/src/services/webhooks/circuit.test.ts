import { describe, expect, it } from 'vitest';
import { circuitCooldown, DEFAULT_CIRCUIT_POLICY } from './circuit.js';

describe('circuitCooldown', () => {
  it('opens at the threshold and doubles for each further threshold of failures, up to the cap', () => {
    const policy = DEFAULT_CIRCUIT_POLICY;
    expect(circuitCooldown(19, policy)).toBe(0);
    expect(circuitCooldown(20, policy)).toBe(10_000);
    expect(circuitCooldown(39, policy)).toBe(10_000);
    expect(circuitCooldown(40, policy)).toBe(20_000);
    expect(circuitCooldown(60, policy)).toBe(40_000);
    expect(circuitCooldown(10_000, policy)).toBe(600_000);
  });
});
