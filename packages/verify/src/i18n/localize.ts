/**
 * Chooses the translation for a language tag (`pt-BR` → `pt`). English ships in the element; the
 * other languages load on demand (their own small modules), so the initial bundle stays small.
 */
import { en } from './en.js';
import { supportedLanguages, type LanguageCode, type Translation } from './translation.js';

const loaded = new Map<LanguageCode, Translation>([['en', en]]);

const loaders: Record<Exclude<LanguageCode, 'en'>, () => Promise<Translation>> = {
  es: () => import('./es.js').then((m) => m.es),
  pt: () => import('./pt.js').then((m) => m.pt),
  fr: () => import('./fr.js').then((m) => m.fr),
};

/** The first supported language among `tags`, else `en`. */
export function languageFor(...tags: (string | null | undefined)[]): LanguageCode {
  for (const tag of tags) {
    if (!tag) continue;
    const primary = tag.toLowerCase().split(/[-_]/)[0] as LanguageCode;
    if ((supportedLanguages as readonly string[]).includes(primary)) return primary;
  }
  return 'en';
}

/** The translation of `code` if already loaded, else English (until `loadTranslation` resolves). */
export function translationFor(code: LanguageCode): Translation {
  return loaded.get(code) ?? en;
}

/** Loads (once) and answers the translation of `code`. */
export async function loadTranslation(code: LanguageCode): Promise<Translation> {
  const ready = loaded.get(code);
  if (ready) return ready;
  const translation = await loaders[code as Exclude<LanguageCode, 'en'>]();
  loaded.set(code, translation);
  return translation;
}

/** The page's and the browser's preferred languages, in order (none outside a browser). */
export function ambientLanguages(host: Element): string[] {
  const tags: string[] = [];
  const closest = host.parentElement?.closest('[lang]')?.getAttribute('lang');
  if (closest) tags.push(closest);
  if (typeof document !== 'undefined' && document.documentElement.lang)
    tags.push(document.documentElement.lang);
  if (typeof navigator !== 'undefined') tags.push(...(navigator.languages ?? [navigator.language]));
  return tags;
}
