/**
 * Registers `<idv-verify>`. Side effect only; safe to import twice and during server-side
 * rendering (it does nothing without `customElements`).
 */
import { IdvVerify } from './idv-verify.js';

if (typeof customElements !== 'undefined' && !customElements.get('idv-verify')) {
  customElements.define('idv-verify', IdvVerify);
}
