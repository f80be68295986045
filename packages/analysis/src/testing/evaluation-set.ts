import {
  DOCUMENT_FAMILIES,
  HELD_OUT_FAMILY,
  TUNED_FAMILIES,
  pickMrzFont,
  type FamilyName,
  type MrzFont,
  type MrzZone,
} from './families.js';
import { generateEvaluationIdentity, type EvaluationIdentity } from './evaluation-identity.js';
import type { DocumentKind } from './identity.js';
import {
  drawPhonePhoto,
  pickPhotoProfile,
  type PhonePhoto,
  type PhotoProfile,
} from './phone-photo.js';
import { Random } from './random.js';
import { renderDocument, type RenderedDocument } from './render-document.js';

/**
 * Version of the evaluation set's output: bump it whenever a change to the generator changes the
 * rendered images (caches of rendered photos are keyed by it).
 */
export const EVALUATION_SET_VERSION = 'eval-7';

/** Tuned-on families or the held-out family. */
export type FamilyGroup = 'tuned' | 'held-out';

/** One document of the evaluation: who, which design, which MRZ face, which photo of each side. */
export interface EvaluationSample {
  /** `tuned:17` or `held-out:17`: the seed of everything else. */
  id: string;
  group: FamilyGroup;
  family: FamilyName;
  kind: DocumentKind;
  identity: EvaluationIdentity;
  mrzFont: MrzFont;
  /**
   * A development variant ({@link developmentSample}): the MRZ printed over this zone instead of
   * the family's own. Absent in the evaluation proper.
   */
  mrzZone?: MrzZone;
  /** Photo of the side with the MRZ (card back, passport data page). */
  mrzSide: { profile: PhotoProfile; photo: PhonePhoto };
  /** Photo of the card front (cards only). */
  front: { profile: PhotoProfile; photo: PhonePhoto } | null;
}

const KINDS: readonly DocumentKind[] = ['id-card', 'passport', 'residence-permit'];

/**
 * The `index`-th sample of a group, deterministic. Kinds cycle TD1, TD3, TD2; tuned samples cycle
 * through the tuned families; everything else is drawn from the sample's seed. The held-out group
 * uses its own seed space (`held-out:N`), so its documents never appear while tuning.
 */
export function evaluationSample(group: FamilyGroup, index: number): EvaluationSample {
  const id = `${group}:${index}`;
  const random = new Random(`evaluation:${id}`);
  const family =
    group === 'held-out'
      ? HELD_OUT_FAMILY
      : (TUNED_FAMILIES[Math.floor(index / KINDS.length) % TUNED_FAMILIES.length] as FamilyName);
  const kind = KINDS[index % KINDS.length] as DocumentKind;
  const mrzProfile = pickPhotoProfile(random);
  const frontProfile = pickPhotoProfile(random);
  return {
    id,
    group,
    family,
    kind,
    identity: generateEvaluationIdentity(id),
    mrzFont: pickMrzFont(random),
    mrzSide: { profile: mrzProfile, photo: drawPhonePhoto(mrzProfile, random) },
    front:
      kind === 'passport'
        ? null
        : { profile: frontProfile, photo: drawPhonePhoto(frontProfile, random) },
  };
}

/** How a development sample departs from its tuned sample. */
export interface DevelopmentVariant {
  /** Print the MRZ over this zone (`print`: over the security print, as no tuned family does). */
  mrzZone: MrzZone;
  /** Print the MRZ in this OCR-B face rather than the drawn one. */
  mrzFont?: MrzFont | undefined;
}

/**
 * A development sample: the `index`-th TUNED sample (never a held-out one) with its MRZ printed
 * otherwise. The held-out family's failures may point at a setting no tuned family has; tuning on
 * such variants of the tuned families keeps the held-out family out of all tuning. Its id, and so
 * its identity, photo and design, are those of the tuned sample.
 */
export function developmentSample(index: number, variant: DevelopmentVariant): EvaluationSample {
  return {
    ...evaluationSample('tuned', index),
    mrzZone: variant.mrzZone,
    ...(variant.mrzFont ? { mrzFont: variant.mrzFont } : {}),
  };
}

/**
 * The order in which the bench reads (and `bench:render` renders) `counts` samples of each group,
 * from the index `first` gives (0 by default): both groups interleaved in proportion, so that a run
 * cut short still holds both groups. A later range (`first` 120) is a fresh draw of the same
 * families: samples nobody has looked at, for a held-out figure after changes.
 */
export function evaluationOrder(
  counts: Record<FamilyGroup, number>,
  first: Partial<Record<FamilyGroup, number>> = {},
): [FamilyGroup, number][] {
  const items: [number, FamilyGroup, number][] = [];
  for (const group of ['held-out', 'tuned'] as const)
    for (let index = 0; index < counts[group]; index++)
      items.push([(index + 0.5) / counts[group], group, (first[group] ?? 0) + index]);
  return items.sort((a, b) => a[0] - b[0]).map(([, group, index]) => [group, index]);
}

/** Renders one side of a sample: `mrz` (card back or passport page) or `front` (cards). */
export function renderEvaluationSide(
  sample: EvaluationSample,
  which: 'mrz' | 'front',
): Promise<RenderedDocument> {
  const shot = which === 'mrz' ? sample.mrzSide : sample.front;
  if (!shot) throw new RangeError(`${sample.kind} has no separate front`);
  return renderDocument(sample.identity, {
    kind: sample.kind,
    side: which === 'mrz' && sample.kind !== 'passport' ? 'back' : 'front',
    family: sample.family,
    mrzFont: sample.mrzFont,
    ...(sample.mrzZone ? { mrzZone: sample.mrzZone } : {}),
    photo: shot.photo,
    seed: `${sample.id}:${which}`,
  });
}

export { DOCUMENT_FAMILIES, HELD_OUT_FAMILY, TUNED_FAMILIES };
