/** `sameCaptureView`: when a capture loop's fresh description of the screen needs no render. */
import { expect } from '@open-wc/testing';
import { sameCaptureView, type CaptureView } from '../dist/internal/capture/capture-view.js';

const corners = (shift = 0): CaptureView['quad'] => [
  { x: 0.1 + shift, y: 0.2 },
  { x: 0.9, y: 0.2 },
  { x: 0.9, y: 0.8 },
  { x: 0.1, y: 0.8 },
];

describe('sameCaptureView', () => {
  it('takes a view with the same fields and the same outline corners for the same screen', () => {
    const a: CaptureView = { phase: 'live', coach: 'Hold still', good: true, quad: corners() };
    expect(sameCaptureView(a, { ...a, quad: corners() })).to.equal(true);
    expect(sameCaptureView({ phase: 'live', quad: null }, { phase: 'live', quad: null })).to.equal(
      true,
    );
    // A field left out and a field set to undefined show the same.
    expect(sameCaptureView({ phase: 'live' }, { phase: 'live', uploadError: undefined })).to.equal(
      true,
    );
  });

  it('tells apart a moved corner, another line, a shown button, an outline lost', () => {
    const a: CaptureView = { phase: 'live', coach: 'Hold still', quad: corners() };
    expect(sameCaptureView(a, { ...a, quad: corners(0.001) })).to.equal(false);
    expect(sameCaptureView(a, { ...a, coach: 'Move closer' })).to.equal(false);
    expect(sameCaptureView(a, { ...a, manual: true })).to.equal(false);
    expect(sameCaptureView(a, { ...a, quad: null })).to.equal(false);
    expect(sameCaptureView(a, { ...a, phase: 'review' })).to.equal(false);
  });
});
