import { expect } from '@open-wc/testing';
import { scoreDocumentPixels, documentAnalysisWidth } from '../dist/worker/document-quality.js';
import { readPixels } from '../dist/worker/pixels.js';
import { DocumentCoach } from '../dist/capture/document-coach.js';
import { drawDocumentScene, type SceneOptions } from './support/images.js';

function analyse(options: SceneOptions) {
  const { canvas, corners } = drawDocumentScene(options);
  const analysis = scoreDocumentPixels(
    readPixels(canvas.transferToImageBitmap(), documentAnalysisWidth),
  );
  return { analysis, corners };
}

describe('document frame analysis (pure)', () => {
  it('finds a sharp, well-lit card: quad at the card corners, fill, ok', () => {
    const { analysis, corners } = analyse({});
    expect(analysis.issues).to.deep.equal([]);
    expect(analysis.ok).to.equal(true);
    expect(analysis.documentQuad).to.not.equal(null);
    analysis.documentQuad!.forEach((p, i) => {
      expect(Math.abs(p.x - corners[i]!.x), `corner ${i} x`).to.be.below(0.03);
      expect(Math.abs(p.y - corners[i]!.y), `corner ${i} y`).to.be.below(0.03);
    });
    const expectedFill = 0.66 * ((0.66 * 640) / 1.586 / 480);
    expect(analysis.fill).to.be.closeTo(expectedFill, 0.04);
    expect(analysis.score).to.be.above(0.5);
  });

  it('follows a tilted card', () => {
    const { analysis, corners } = analyse({ rotate: 6 });
    expect(analysis.documentQuad).to.not.equal(null);
    analysis.documentQuad!.forEach((p, i) => {
      expect(Math.abs(p.x - corners[i]!.x)).to.be.below(0.035);
      expect(Math.abs(p.y - corners[i]!.y)).to.be.below(0.035);
    });
    expect(analysis.documentQuad![1].y).to.be.above(analysis.documentQuad![0].y);
  });

  it('scores a blurred card lower and flags it', () => {
    const sharp = analyse({}).analysis;
    const blurred = analyse({ blur: 4 }).analysis;
    expect(blurred.blur).to.be.below(sharp.blur / 3);
    expect(blurred.issues).to.include('blurry');
    expect(blurred.ok).to.equal(false);
  });

  it('flags a dark room', () => {
    const { analysis } = analyse({ exposure: 0.18 });
    expect(analysis.brightness).to.be.below(0.22);
    expect(analysis.issues).to.include('too-dark');
  });

  it('flags glare on the card but not a bright white card', () => {
    const glare = analyse({ glare: true }).analysis;
    expect(glare.glare).to.be.above(0.015);
    expect(glare.issues).to.include('glare');
    expect(analyse({}).analysis.glare).to.equal(0);
  });

  it('asks to come closer to a small card', () => {
    const { analysis } = analyse({ cardWidth: 0.4 });
    expect(analysis.documentQuad).to.not.equal(null);
    expect(analysis.issues[0]).to.equal('too-far');
  });

  it('finds no document on an empty desk', () => {
    const { analysis } = analyse({ noCard: true });
    expect(analysis.documentQuad).to.equal(null);
    expect(analysis.issues[0]).to.equal('no-document');
    expect(analysis.score).to.equal(0);
  });
});

describe('DocumentCoach', () => {
  const good = analyse({}).analysis;
  const bad = analyse({ blur: 4 }).analysis;

  it('captures only after the document stayed good and still for the hold time', () => {
    const coach = new DocumentCoach(600);
    expect(coach.advise(good, 0)).to.deep.equal({ kind: 'hold', progress: 0 });
    expect(coach.advise(good, 300)).to.deep.equal({ kind: 'hold', progress: 0.5 });
    expect(coach.advise(bad, 400)).to.deep.equal({ kind: 'issue', issue: 'blurry' });
    expect(coach.advise(good, 500).kind).to.equal('hold');
    expect(coach.advise(good, 900).kind).to.equal('hold');
    expect(coach.advise(good, 1100)).to.deep.equal({ kind: 'ready' });
  });

  it('restarts the hold when the document moves', () => {
    const coach = new DocumentCoach(600);
    coach.advise(good, 0);
    const moved = {
      ...good,
      documentQuad: good.documentQuad!.map((p) => ({
        x: p.x + 0.05,
        y: p.y,
      })) as typeof good.documentQuad,
    };
    expect(coach.advise(moved, 700)).to.deep.equal({ kind: 'hold', progress: 0 });
    expect(coach.advise(moved, 1400)).to.deep.equal({ kind: 'ready' });
  });
});
