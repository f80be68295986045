import { expect } from '@open-wc/testing';
import {
  scoreDocumentPixels,
  documentAnalysisWidth,
} from '../dist/internal/features/document/worker/document-quality.js';
import { readPixels } from '../dist/worker/pixels.js';
import { DocumentCoach } from '../dist/internal/features/document/document-coach.js';
import { drawDocumentScene, loadTestDocument, type SceneOptions } from './support/images.js';

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

  it('takes a white card evenly lit for paper, not glare, and a specular blob on it for glare', () => {
    const white = analyse({ cardColour: '#ffffff' }).analysis;
    expect(white.glare).to.equal(0);
    expect(white.issues).to.not.include('glare');
    // The same white stock as a camera exposes it (below clipping), with a reflection on it.
    const blob = analyse({ cardColour: '#e8e8e8', glare: true }).analysis;
    expect(blob.glare).to.be.above(0.015);
    expect(blob.issues).to.include('glare');
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

/** Scores a generated document photo as the camera path does: 640 px frame, then the worker's scale. */
async function analyseGenerated(name: string) {
  const { photo, corners } = await loadTestDocument(name);
  const frame = await createImageBitmap(photo, {
    resizeWidth: 640,
    resizeHeight: 480,
    resizeQuality: 'low',
  });
  return { analysis: scoreDocumentPixels(readPixels(frame, documentAnalysisWidth)), corners };
}

function expectQuadAt(analysis: ReturnType<typeof scoreDocumentPixels>, corners: Point[]): void {
  expect(analysis.documentQuad, 'quad found').to.not.equal(null);
  analysis.documentQuad!.forEach((p, i) => {
    expect(Math.abs(p.x - corners[i]!.x), `corner ${i} x`).to.be.below(0.02);
    expect(Math.abs(p.y - corners[i]!.y), `corner ${i} y`).to.be.below(0.02);
  });
}

type Point = { x: number; y: number };

describe('document frame analysis on generated documents (@idv/analysis/testing)', () => {
  it('finds the border of a card whose dark header band meets the table, at both sway positions', async () => {
    // The table→band border is weaker than the band→white edge inside the card.
    for (const name of ['retry-front', 'retry-front-shifted']) {
      const { analysis, corners } = await analyseGenerated(name);
      expectQuadAt(analysis, corners);
      expect(analysis.ok, name).to.equal(true);
    }
  });

  it('finds the card of the "photo" preset (fill 0.78, perspective, rotation)', async () => {
    const { analysis, corners } = await analyseGenerated('photo-front');
    expectQuadAt(analysis, corners);
  });

  it('finds a card in perspective without rotation', async () => {
    const { analysis, corners } = await analyseGenerated('perspective-front');
    expectQuadAt(analysis, corners);
  });

  it('finds the e2e-full card (face 13) in slight perspective', async () => {
    const { analysis, corners } = await analyseGenerated('full-perspective-front');
    expectQuadAt(analysis, corners);
  });

  it('takes the white barcode fields of generated backs for print, not glare', async () => {
    for (const name of ['retry-back-white', 'full-back-white']) {
      const { analysis, corners } = await analyseGenerated(name);
      expectQuadAt(analysis, corners);
      expect(analysis.glare, name).to.equal(0);
      expect(analysis.ok, name).to.equal(true);
    }
  });

  it('captures automatically while the camera image sways by one pixel', async () => {
    const still = (await analyseGenerated('retry-front')).analysis;
    const swayed = (await analyseGenerated('retry-front-shifted')).analysis;
    const coach = new DocumentCoach(700);
    const advice = [];
    // The fake camera's 10 fps video: two frames at 0 px, two at 1 px, analysed every 50 ms.
    for (let t = 0; t <= 1500; t += 50) {
      advice.push(coach.advise(Math.floor(t / 200) % 2 ? swayed : still, t).kind);
    }
    expect(advice).to.include('ready');
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

  it('keeps the hold through a tremor small against the document', () => {
    const coach = new DocumentCoach(600);
    coach.advise(good, 0);
    const trembled = {
      ...good,
      documentQuad: good.documentQuad!.map((p) => ({
        x: p.x + 0.01,
        y: p.y - 0.01,
      })) as typeof good.documentQuad,
    };
    expect(coach.advise(trembled, 300).kind).to.equal('hold');
    expect(coach.advise(good, 700)).to.deep.equal({ kind: 'ready' });
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
