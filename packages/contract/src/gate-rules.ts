import { Type, type Static } from 'typebox';
import { StringEnum } from './common.js';

/** Why a gate rule sends a device away (DESIGN §4). */
export const GATE_REASONS = [
  'os_outdated',
  'unsupported_platform',
  'unsupported_form_factor',
  'camera_unsuitable',
] as const;
/** Device form factors a gate rule can match. */
export const FORM_FACTORS = ['mobile', 'tablet', 'desktop'] as const;
/** Device platforms a gate rule can match. */
export const PLATFORMS = ['ios', 'android', 'windows', 'macos', 'linux', 'other'] as const;

/** The resolved gate rules of a company as answers carry them (DESIGN §4). */
export const GateRules = Type.Object(
  {
    version: Type.String(),
    rules: Type.Array(
      Type.Object({
        id: Type.String(),
        reason: StringEnum(GATE_REASONS),
        match: Type.Object({
          formFactor: Type.Optional(StringEnum(FORM_FACTORS)),
          platform: Type.Optional(StringEnum(PLATFORMS)),
          osVersionMax: Type.Optional(Type.String()),
        }),
      }),
    ),
  },
  { title: 'GateRules' },
);
export type GateRules = Static<typeof GateRules>;

/** A gate-rule template file (`idv-server gate-rules set FILE`), DESIGN §4. */
export const GateRuleSetSchema = Type.Object(
  {
    version: Type.String({ minLength: 1, maxLength: 64 }),
    rules: Type.Array(
      Type.Object(
        {
          id: Type.String({ minLength: 1, maxLength: 64 }),
          reason: StringEnum(GATE_REASONS),
          match: Type.Object(
            {
              formFactor: Type.Optional(StringEnum(FORM_FACTORS)),
              platform: Type.Optional(StringEnum(PLATFORMS)),
              osVersionMax: Type.Optional(Type.String({ pattern: '^\\d+(\\.\\d+){0,3}$' })),
            },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false },
      ),
      { maxItems: 200 },
    ),
  },
  { additionalProperties: false },
);
export type GateRuleSetFile = Static<typeof GateRuleSetSchema>;
