/**
 * The Ionic demo app's web build (demo/ionic-app/dist, built by Vite) in Chromium: it loads from
 * its own files only, mounts its Ionic components, and runs the flow from a deep link and from a
 * pasted link.
 */
import { expect } from '@open-wc/testing';
import { createScenario, type ScenarioHandle } from '@idv/verify/testing';
import { FlowScreen, overlayHost, waitFor } from './support/flow.js';

const appUrl = '/demo/ionic-app/dist/index.html';

/** Opens the built app in a frame. */
async function openApp(query = ''): Promise<{ frame: HTMLIFrameElement; doc: Document }> {
  const frame = document.createElement('iframe');
  frame.style.width = '400px';
  frame.style.height = '800px';
  frame.src = `${appUrl}${query}`;
  document.body.append(frame);
  await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  const doc = frame.contentDocument!;
  await waitFor(() => doc.querySelector('ion-app.hydrated'), 10000, 'the Ionic app');
  return { frame, doc };
}

/** Presses an `<ion-button>` as a finger does: on its inner native button. */
function press(doc: Document, id: string): void {
  doc.getElementById(id)!.shadowRoot!.querySelector('button')!.click();
}

const linkOf = (scenario: ScenarioHandle): string =>
  `https://verify.example.test/v/${scenario.linkId}`;

/** Leaves the open flow with its own cancel button. */
async function cancelFlow(doc: Document): Promise<void> {
  const screen = await FlowScreen.open(doc);
  await screen.step('welcome');
  await screen.click('Cancel verification');
  await waitFor(() => !overlayHost(doc), 5000, 'the flow to close');
}

let frame: HTMLIFrameElement | undefined;
afterEach(() => {
  frame?.remove();
  frame = undefined;
});

describe('the Ionic demo app (web build)', () => {
  it('loads from its own files and mounts its Ionic page', async () => {
    const app = await openApp();
    frame = app.frame;
    const { doc } = app;
    expect(doc.querySelector('ion-title')!.textContent).to.equal('Verify your identity');
    expect(doc.querySelector('ion-input#link')!.classList.contains('hydrated')).to.equal(true);
    await waitFor(() => doc.getElementById('perm-photos')!.textContent === 'granted');
    const origins = new Set(
      frame
        .contentWindow!.performance.getEntriesByType('resource')
        .map((e) => new URL(e.name).origin),
    );
    expect([...origins]).to.deep.equal([location.origin]);
  });

  it('runs the flow from a deep link', async () => {
    const scenario = await createScenario({ session: { type: 'ID ONLY' } });
    const query = new URLSearchParams({ link: linkOf(scenario), apiBase: scenario.apiBase });
    const app = await openApp(`?${query}`);
    frame = app.frame;
    await cancelFlow(app.doc);
    await waitFor(() => !app.doc.getElementById('result-list')!.hidden);
    expect(app.doc.getElementById('result')!.textContent).to.equal('Verification cancelled.');
    const events = app.doc.getElementById('events')!.textContent!;
    expect(events).to.contain('idv-ready');
    expect(events).to.contain(scenario.verificationId);
  });

  it('runs the flow from a pasted link, and refuses text that is not one', async () => {
    const scenario = await createScenario({ session: { type: 'ID ONLY' } });
    const app = await openApp(`?${new URLSearchParams({ apiBase: scenario.apiBase })}`);
    frame = app.frame;
    const { doc } = app;
    const input = doc.getElementById('link') as HTMLElement & { value: string };
    input.value = 'hello';
    press(doc, 'verify');
    await waitFor(() => doc.getElementById('link-error')!.textContent);
    expect(overlayHost(doc)).to.equal(null);

    input.value = linkOf(scenario);
    press(doc, 'verify');
    await cancelFlow(doc);
    expect((await scenario.requests()).map((r) => r.path)).to.include('/flow/sessions');
  });
});
