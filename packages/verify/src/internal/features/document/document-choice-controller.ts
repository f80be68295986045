/**
 * The document step (DESIGN §9): before the first capture the person chooses the document they
 * will show, ID card or passport, among those the link allows; the choice goes to the flow API
 * (`POST /flow/document-type`) and the session's captures follow it (a passport has no back). A
 * link that allows one type has it chosen already, and the step is skipped. The screen is a lazy
 * chunk (its illustrations stay out of the initial bundle).
 */
import type { TemplateResult } from 'lit';
import type { DocumentType } from '../../../api/types.js';
import { FlowStep } from '../../../flow-step.js';
import type * as DocumentChoiceScreen from './document-choice-screen.js';
import type { FlowContext } from '../../flow/flow-context.js';
import { HostState } from '../../flow/host-state.js';

/** The screen module, once loaded. */
type ScreenModule = typeof DocumentChoiceScreen;

/** Asks for and sends the document type. */
export class DocumentChoiceController {
  private readonly screenState: HostState<ScreenModule | undefined>;

  constructor(private readonly flow: FlowContext) {
    this.screenState = new HostState<ScreenModule | undefined>(flow.host, undefined);
  }

  /** True when the session waits for the person's choice before its first capture. */
  get needed(): boolean {
    const session = this.flow.open?.session;
    return (
      session !== undefined &&
      session.method !== 'FACE' &&
      session.documentType == null &&
      session.completedCaptures.length === 0 &&
      (session.documentTypes?.length ?? 0) > 1
    );
  }

  /** The choice screen, or undefined while its chunk loads. */
  render(): TemplateResult | undefined {
    const flow = this.flow;
    return this.screenState.value?.documentChoiceScreen({
      t: flow.t,
      types: flow.open?.session.documentTypes ?? [],
      busy: flow.busy,
      choose: this.choose,
    });
  }

  /** Loads the screen's chunk ahead (once the session says the choice will be asked). */
  preload(): Promise<ScreenModule> {
    this.loading ??= import('./document-choice-screen.js').then(
      (module) => (this.screenState.value = module),
    );
    return this.loading;
  }

  private loading: Promise<ScreenModule> | undefined;

  /** Shows the choice (once its chunk has loaded: the screen in force stays until then). */
  async ask(): Promise<void> {
    const flow = this.flow;
    try {
      await this.preload();
    } catch (error) {
      this.loading = undefined;
      flow.fail(error);
      return;
    }
    if (!flow.left) flow.goTo(FlowStep.document);
  }

  /** The person picked `documentType`. */
  readonly choose = async (documentType: DocumentType): Promise<void> => {
    const flow = this.flow;
    const open = flow.open;
    if (!open) return;
    await flow.withBusy(async () => {
      flow.updateSession(await open.client.chooseDocumentType(documentType));
      flow.nextCapture();
    });
  };
}
