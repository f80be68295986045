import { Type } from 'typebox';
import { StringEnum } from './common.js';
import { FORM_FACTORS, GATE_REASONS, PLATFORMS } from '../services/gate-rules.js';

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
