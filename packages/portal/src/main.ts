// Entry of the portal bundle: keeps Web Awesome's icons on this origin, starts in the person's
// language, and defines the shell.
import { registerIconLibrary } from '@awesome.me/webawesome/dist/components/icon/library.js';
import { initialLanguage, useLanguage } from './lib/localization.js';
import './idv-portal.js';

// The default library fetches Font Awesome's CDN; the portal names no icon of it, and any that a
// component asks for resolves here (same origin, never a third party).
registerIconLibrary('default', { resolver: (name) => `/app/icons/${name}.svg` });

// English renders at once; another language re-renders every screen once its module is loaded.
void useLanguage(initialLanguage());
