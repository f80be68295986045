/**
 * The second looks a decided MRZ side gets, in one order for a card back and a passport page.
 * A refused side is read again (names, then checked fields: `mrz-zone.ts`); an accepted side is
 * asked of the glyph classifier (names, fillers between names, a repaired number, the number:
 * `glyph-evidence.ts`, `glyph-name-fillers.ts`, `glyph-number-check.ts`), since OCR may misread a
 * character alike in the MRZ and the front.
 */
import type { MrzResult } from '../types.js';
import { confirmAcceptedNames } from './glyph-evidence.js';
import { confirmNameFillers } from './glyph-name-fillers.js';
import { confirmAcceptedNumber, confirmRepairedNumber } from './glyph-number-check.js';
import type { IdentityDecision } from './identity-decision.js';
import type { LocatedDocument } from './locate.js';
import { secondReaderForCheckedFields, secondReaderForNames } from './mrz-zone.js';

/**
 * The decision on a side after its second looks: `decision` (on the MRZ read first, `first`) read
 * again where refused, then confirmed by the classifier where accepted. `decide` takes the
 * decision on another reading; `label` names the stages (`back` or `page`).
 */
export async function decisionAfterSecondLooks(
  located: LocatedDocument,
  first: MrzResult | null,
  decision: IdentityDecision,
  decide: (mrz: MrzResult) => IdentityDecision,
  label: 'back' | 'page',
): Promise<IdentityDecision> {
  let decided = await secondReaderForNames(located, first, decision, decide, label);
  decided = await secondReaderForCheckedFields(located, first, decided, decide, label);
  // Accepted names, read by the classifier too: OCR may misread a letter alike in both readings.
  decided = confirmAcceptedNames(located, decided, decide);
  // A filler OCR dropped between two printed words of an accepted name, put back where cells show it.
  decided = confirmNameFillers(located, decided, decide);
  // A number no other reading read, standing on a character the repair chose: the classifier's too.
  decided = confirmRepairedNumber(located, decided, decide);
  // An accepted number, read by the classifier too: OCR may misread a character alike in both.
  return confirmAcceptedNumber(located, decided);
}
