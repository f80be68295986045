import type { LocatedDocument } from '../document/locate.js';
import { decodeAndLocate } from '../document/upload-cache.js';
import type { MrzFont } from './families.js';
import type { Identity } from './identity.js';
import { renderDocument } from './render-document.js';

/**
 * A passport data page of `identity` in a tuned family (`classic`), its MRZ in `mrzFont`, rendered
 * and located as the reader locates an upload.
 */
export async function locatedPassportPage(
  identity: Identity,
  mrzFont: MrzFont,
): Promise<LocatedDocument> {
  const { image } = await renderDocument(identity, {
    kind: 'passport',
    side: 'front',
    family: 'classic',
    mrzFont,
  });
  return (await decodeAndLocate(image, 'front')).located;
}
