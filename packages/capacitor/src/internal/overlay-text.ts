/** The few words of the plugin's own controls around the flow, in the element's languages. */

/** Words of the overlay. */
export interface OverlayText {
  title: string;
  close: string;
  openSettings: string;
}

const texts: Record<'en' | 'es' | 'pt' | 'fr', OverlayText> = {
  en: { title: 'Identity verification', close: 'Close', openSettings: 'Open Settings' },
  es: { title: 'Verificación de identidad', close: 'Cerrar', openSettings: 'Abrir Ajustes' },
  pt: { title: 'Verificação de identidade', close: 'Fechar', openSettings: 'Abrir Ajustes' },
  fr: { title: 'Vérification d’identité', close: 'Fermer', openSettings: 'Ouvrir Réglages' },
};

/** The words for `lang` (else the document's, else the device's language; English by default). */
export function overlayText(lang: string | undefined): OverlayText {
  const candidates = [lang, document.documentElement.lang, ...(navigator.languages ?? [])];
  for (const candidate of candidates) {
    const code = candidate?.slice(0, 2).toLowerCase();
    if (code && code in texts) return texts[code as keyof typeof texts];
  }
  return texts.en;
}
