// The tag is registered by `define.js` (and by the package entry, which imports it), never by the
// element's own module or the event modules: a host that imports the class or the events to
// extend, wrap or type them decides itself when (and under which name) the element is defined.
import { expect } from '@open-wc/testing';

describe('registration of <idv-verify>', () => {
  it('is not done by the element module or the events, only by define.js', async () => {
    const { IdvVerify } = await import('../dist/idv-verify.js');
    await import('../dist/events/index.js');
    await import('../dist/capture-source.js');
    expect(customElements.get('idv-verify')).to.equal(undefined);

    await import('../dist/define.js');
    expect(customElements.get('idv-verify')).to.equal(IdvVerify);
    // A second registration is harmless.
    await import('../dist/index.js');
    expect(customElements.get('idv-verify')).to.equal(IdvVerify);
  });

  it('keeps the flow API client out of the public entry', async () => {
    const entry: Record<string, unknown> = await import('../dist/index.js');
    expect(entry).not.to.have.property('FlowClient');
    expect(entry).not.to.have.property('FlowApiError');
    expect(entry).to.have.property('IdvVerify');
  });
});
