import { expect } from '@open-wc/testing';
import { createScenario, waitFor } from './support/double.js';

describe('strict CSP and iframe embedding', () => {
  it('runs the one-file bundle under a strict CSP and mirrors its events to the parent', async () => {
    const scenario = await createScenario({ session: { company: { name: 'Framed Co' } } });
    const messages: { source: string; type?: string; detail?: unknown; violation?: string }[] = [];
    const listener = (event: MessageEvent): void => {
      if (event.origin === location.origin) messages.push(event.data);
    };
    window.addEventListener('message', listener);
    const frame = document.createElement('iframe');
    frame.src = `/packages/verify/test/csp/page.html?apiBase=${encodeURIComponent(scenario.apiBase)}&linkId=${scenario.linkId}&lang=fr`;
    frame.style.width = '400px';
    frame.style.height = '700px';
    document.body.append(frame);
    try {
      await waitFor(
        () =>
          messages.find(
            (m) =>
              m.type === 'idv-step-change' && (m.detail as { step: string }).step === 'welcome',
          ),
        15000,
        'welcome',
      );
      const ready = messages.find((m) => m.type === 'idv-ready')!;
      expect(ready.source).to.equal('idv-verify');
      expect(ready.detail).to.include({
        linkId: scenario.linkId,
        verificationId: scenario.verificationId,
      });
      const element = frame.contentDocument!.querySelector('idv-verify')!;
      await waitFor(
        () =>
          element.shadowRoot!.textContent!.includes('Framed Co souhaite vérifier votre identité'),
        5000,
        'French text',
      );
      // Styles applied through adopted stylesheets despite style-src 'self'.
      const button = element.shadowRoot!.querySelector('.actions button')!;
      expect(frame.contentWindow!.getComputedStyle(button).borderRadius).to.equal('12px');
      expect(
        messages.filter((m) => m.source === 'csp-page'),
        'CSP violations',
      ).to.deep.equal([]);
    } finally {
      window.removeEventListener('message', listener);
      frame.remove();
    }
  });
});
