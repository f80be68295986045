import { expect } from '@open-wc/testing';
import {
  acceptTerms,
  eventsOf,
  mount,
  requestsTo,
  sendDocument,
  waitFor,
  type Mounted,
} from './support/element.js';
import { en } from '../dist/i18n/en.js';
import { es } from '../dist/i18n/es.js';
import { fr } from '../dist/i18n/fr.js';
import { pt } from '../dist/i18n/pt.js';

/** The steps the element announced (`idv-step-change`), in order. */
function steps(m: Mounted): string[] {
  return eventsOf<{ step: string }>(m, 'idv-step-change').map((e) => e.detail.step);
}

/** The choice buttons of the document step, by document type. */
function choices(m: Mounted): Record<string, HTMLButtonElement> {
  return Object.fromEntries(
    [...m.root.querySelectorAll<HTMLButtonElement>('button.choice')].map((button) => [
      button.dataset.documentType!,
      button,
    ]),
  );
}

/** The size of the document guide drawn over the viewfinder (view box units). */
function guideSize(m: Mounted): { width: number; height: number } {
  const guide = m.root.querySelector<SVGRectElement>('[part=overlay] rect.guide')!;
  return {
    width: Number(guide.getAttribute('width')),
    height: Number(guide.getAttribute('height')),
  };
}

describe('<idv-verify> document choice', () => {
  it('asks ID card or passport when both are allowed; a passport is one page and the back step is skipped', async () => {
    const m = await mount({
      session: { type: 'ID ONLY', documentTypes: ['ID_CARD', 'PASSPORT'] },
    });
    await acceptTerms(m);
    await m.step('document');
    expect(m.text()).to.contain(en.documentChoiceTitle);
    const offered = choices(m);
    expect(Object.keys(offered)).to.deep.equal(['ID_CARD', 'PASSPORT']);
    expect(offered.ID_CARD!.textContent).to.contain(en.documentChoices.ID_CARD.label);
    expect(offered.PASSPORT!.textContent).to.contain(en.documentChoices.PASSPORT.hint);
    // Each choice carries its own drawing, inline (no image request).
    expect(offered.PASSPORT!.querySelector('svg.doc-drawing text.doc-mrz')).not.to.equal(null);
    expect(m.root.querySelectorAll('img')).to.have.length(0);
    await expect(m.el).to.be.accessible();

    offered.PASSPORT!.click();
    await m.step('front');
    const [chosen] = await requestsTo(m, 'POST', '/flow/document-type');
    expect(chosen!.json).to.deep.equal({ documentType: 'PASSPORT' });
    expect(m.root.querySelector('h2')!.textContent).to.equal(en.passportCapture.title);
    // One capture in all: the data page.
    expect(m.root.querySelector('[part=progress]')!.getAttribute('aria-valuemax')).to.equal('1');
    // The guide has the passport page's proportions (ID-3, 125 × 88 mm).
    const guide = guideSize(m);
    expect(guide.width / guide.height).to.be.closeTo(125 / 88, 0.01);
    await sendDocument(m, 'front');
    await m.step('result');
    expect(m.text()).to.contain('You’re verified');
    expect(steps(m)).to.include.members(['welcome', 'document', 'front', 'result']);
    expect(steps(m)).not.to.include('back');
    expect(steps(m).indexOf('document')).to.be.lessThan(steps(m).indexOf('front'));
    expect(eventsOf(m, 'idv-capture').map((e) => e.detail)).to.deep.equal([
      { kind: 'front', source: 'upload', accepted: true, remainingRetries: 3, next: 'done' },
    ]);
    expect(await requestsTo(m, 'POST', '/flow/captures/back')).to.have.length(0);
  });

  it('an ID card keeps the card frame, its front and its back', async () => {
    const m = await mount({
      session: { type: 'ID ONLY', documentTypes: ['ID_CARD', 'PASSPORT'] },
    });
    await acceptTerms(m);
    await m.step('document');
    choices(m).ID_CARD!.click();
    await m.step('front');
    expect(m.root.querySelector('h2')!.textContent).to.equal(en.captureTitles.front);
    const guide = guideSize(m);
    expect(guide.width / guide.height).to.be.closeTo(85.6 / 53.98, 0.02);
    await sendDocument(m, 'front');
    await sendDocument(m, 'back');
    await m.step('result');
    expect(steps(m)).to.include.members(['document', 'front', 'back', 'result']);
  });

  it('skips the choice when the link allows one type', async () => {
    const m = await mount({ session: { type: 'FULL FLOW', documentTypes: ['PASSPORT'] } });
    await acceptTerms(m);
    await m.step('front');
    expect(steps(m)).not.to.include('document');
    expect(await requestsTo(m, 'POST', '/flow/document-type')).to.have.length(0);
    expect(m.root.querySelector('h2')!.textContent).to.equal(en.passportCapture.title);
    // The data page, then the selfie.
    expect(m.root.querySelector('[part=progress]')!.getAttribute('aria-valuemax')).to.equal('2');
  });

  it('says on the welcome screen which document it will ask for', async () => {
    const welcomeLine = async (documentTypes: ('ID_CARD' | 'PASSPORT')[]): Promise<string> => {
      const m = await mount({ session: { type: 'ID ONLY', documentTypes } });
      await m.step('welcome');
      const text = m.text();
      m.el.remove();
      return text;
    };
    const passport = await welcomeLine(['PASSPORT']);
    expect(passport).to.contain(en.welcomeNeedPassport);
    expect(passport).not.to.contain(en.welcomeNeedDocument);
    expect(await welcomeLine(['ID_CARD', 'PASSPORT'])).to.contain(en.welcomeNeedAnyDocument);
    expect(await welcomeLine(['ID_CARD'])).to.contain(en.welcomeNeedDocument);
  });

  it('asks in Spanish, Portuguese and French, accessibly', async () => {
    for (const t of [es, pt, fr]) {
      const m = await mount(
        { session: { documentTypes: ['ID_CARD', 'PASSPORT'] } },
        { attributes: { lang: t.$code } },
      );
      await acceptTerms(m);
      await m.step('document');
      await waitFor(() => m.text().includes(t.documentChoiceTitle), 3000, t.documentChoiceTitle);
      expect(m.text()).to.contain(t.documentChoices.PASSPORT.label);
      expect(m.text()).to.contain(t.documentChoices.ID_CARD.hint);
      await expect(m.el).to.be.accessible();
    }
  });
});
