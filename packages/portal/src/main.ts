// Entry of the portal bundle: keeps Web Awesome's icons on this origin, and defines the shell.
import { registerIconLibrary } from '@awesome.me/webawesome/dist/components/icon/library.js';
import './idv-portal.js';

// The default library fetches Font Awesome's CDN; the portal names no icon of it, and any that a
// component asks for resolves here (same origin, never a third party).
registerIconLibrary('default', { resolver: (name) => `/app/icons/${name}.svg` });
