/** The capture strings of the document in force: a passport's photo page is its `front`. */
import type { FlowSession } from '../../api/types.js';
import type { Translation } from '../../i18n/translation.js';

/** The strings a capture screen reads for its title, instructions and "checking" line. */
export type CaptureText = Pick<Translation, 'captureTitles' | 'captureInstructions' | 'checking'>;

/** True when the person shows a passport: its data page is the `front`, there is no back. */
export function isPassport(session: FlowSession | undefined): boolean {
  return session?.documentType === 'PASSPORT';
}

/** The capture strings of `session`'s document, in the language of `t`. */
export function captureTextFor(t: Translation, session: FlowSession | undefined): CaptureText {
  if (!isPassport(session)) return t;
  const page = t.passportCapture;
  return {
    captureTitles: { ...t.captureTitles, front: page.title },
    captureInstructions: { ...t.captureInstructions, front: page.instructions },
    checking: { ...t.checking, front: page.checking },
  };
}
