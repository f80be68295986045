/**
 * The portal's languages (`@lit/localize` in runtime mode): English is the source, Spanish,
 * French and Portuguese are lazy modules generated from `xliff/` by `lit-localize build`. The
 * language is the person's choice (kept in `localStorage`), else the browser's first supported
 * one (`navigator.languages`, as `<idv-verify>` does), else English; `<html lang>` follows it.
 */
import { configureLocalization } from '@lit/localize';
import { sourceLocale, targetLocales } from '../locales/locale-codes.js';

/** A language the portal speaks. */
export type Language = typeof sourceLocale | (typeof targetLocales)[number];

/** The languages, in the picker's order, each named in itself. */
export const LANGUAGES: readonly { code: Language; name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'pt', name: 'Português' },
];

/** Where the person's choice is kept. */
const STORAGE_KEY = 'idv-portal-language';

const { getLocale, setLocale } = configureLocalization({
  sourceLocale,
  targetLocales,
  // One static import per language, each its own lazy chunk, with Web Awesome's strings of the
  // same language (its components' own labels, e.g. a field's clear button), which follow
  // `<html lang>` once registered.
  loadLocale: async (locale) => {
    switch (locale as Exclude<Language, 'en'>) {
      case 'es':
        return (
          await Promise.all([
            import('../locales/es.js'),
            import('@awesome.me/webawesome/dist/translations/es.js'),
          ])
        )[0];
      case 'fr':
        return (
          await Promise.all([
            import('../locales/fr.js'),
            import('@awesome.me/webawesome/dist/translations/fr.js'),
          ])
        )[0];
      case 'pt':
        return (
          await Promise.all([
            import('../locales/pt.js'),
            import('@awesome.me/webawesome/dist/translations/pt.js'),
          ])
        )[0];
    }
  },
});

const isLanguage = (code: string): code is Language =>
  LANGUAGES.some((language) => language.code === code);

/** The first supported language among language tags (`pt-BR` → `pt`), else English. */
export function languageFor(tags: readonly (string | null | undefined)[]): Language {
  for (const tag of tags) {
    const primary = tag?.toLowerCase().split(/[-_]/)[0];
    if (primary !== undefined && isLanguage(primary)) return primary;
  }
  return 'en';
}

/** The stored choice, if any (storage may be refused: private modes, policies). */
function storedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The language to start in: the person's earlier choice, else the browser's. */
export function initialLanguage(): Language {
  const stored = storedLanguage();
  if (stored !== null && isLanguage(stored)) return stored;
  return languageFor(navigator.languages ?? [navigator.language]);
}

/** The language the portal shows now (dates and numbers are formatted in it too). */
export const currentLanguage = (): Language => getLocale() as Language;

/**
 * Shows the portal in `language`: loads its module if needed, re-renders every localized
 * component, sets `<html lang>`, and keeps the choice when `remember` is set (a person's pick).
 */
export async function useLanguage(language: Language, remember = false): Promise<void> {
  if (remember)
    try {
      localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // Not kept for the next visit; the portal still switches.
    }
  await setLocale(language);
  // The locale may have changed again while this one loaded: the page says the one in use.
  document.documentElement.lang = getLocale();
}
