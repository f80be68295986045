/**
 * Styles of the full-screen flow: a modal `<dialog>` covering the web view inside the safe area,
 * in a shadow root so that neither the app's styles nor these leak. Applied as a constructable
 * stylesheet, which a strict Content-Security-Policy allows.
 */
let sheet: CSSStyleSheet | undefined;

/** The overlay's stylesheet (built once). */
export function overlayStyles(): CSSStyleSheet {
  if (sheet) return sheet;
  sheet = new CSSStyleSheet();
  sheet.replaceSync(`
    :host { all: initial; }
    dialog {
      box-sizing: border-box;
      position: fixed;
      inset: 0;
      width: 100%;
      height: 100%;
      max-width: none;
      max-height: none;
      margin: 0;
      border: 0;
      padding: env(safe-area-inset-top, 0) env(safe-area-inset-right, 0)
        env(safe-area-inset-bottom, 0) env(safe-area-inset-left, 0);
      display: flex;
      flex-direction: column;
      overflow: auto;
      overscroll-behavior: contain;
      background: Canvas;
      color: CanvasText;
      font-family: var(--idv-font-family, system-ui, sans-serif);
    }
    dialog:not([open]) { display: none; }
    dialog::backdrop { background: Canvas; }
    idv-verify { display: block; flex: 1 0 auto; }
    .bar {
      position: sticky;
      bottom: 0;
      display: flex;
      flex-wrap: wrap;
      gap: 8px;
      justify-content: center;
      padding: 12px 16px;
      background: Canvas;
    }
    .bar[hidden] { display: none; }
    button {
      font: inherit;
      font-size: 1rem;
      min-height: 44px;
      padding: 0 20px;
      border-radius: var(--idv-radius-control, 10px);
      border: 1px solid currentColor;
      background: transparent;
      color: inherit;
      cursor: pointer;
    }
    button:focus-visible { outline: 3px solid var(--idv-color-primary, Highlight); outline-offset: 2px; }
  `);
  return sheet;
}
