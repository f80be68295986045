/**
 * The element's language (Shoelace's `LocalizeController` habit): the `lang` attribute, else the
 * page's, else the browser's; English ships with the element, the other translations load on
 * demand and the host renders again once they are in.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  ambientLanguages,
  languageFor,
  loadTranslation,
  translationFor,
} from '../../i18n/localize.js';
import type { LanguageCode, Translation } from '../../i18n/translation.js';

/** Picks and loads the translation of its host. */
export class LocalizeController implements ReactiveController {
  private requested: LanguageCode | undefined;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  /** Before each render: a new language in force loads its translation. */
  hostUpdate(): void {
    const code = this.language;
    if (code === this.requested) return;
    this.requested = code;
    void this.ensureTranslation();
  }

  /** The language in force: the `lang` attribute, else the page's, else the browser's. */
  get language(): LanguageCode {
    return languageFor(
      this.host.lang,
      ...(this.host.isConnected ? ambientLanguages(this.host) : []),
    );
  }

  /** The strings of the language in force (English until its translation has loaded). */
  get t(): Translation {
    return translationFor(this.language);
  }

  /** Loads the translation in force when it is not loaded yet, then renders the host again. */
  ensureTranslation(): Promise<void> {
    const code = this.language;
    if (translationFor(code).$code === code) return Promise.resolve();
    return loadTranslation(code).then(
      () => this.host.requestUpdate(),
      () => undefined,
    );
  }
}
