// Rollup build of the portal (run from packages/portal with `rollup -c rollup.config.mjs`; input
// is the `tsc` output in dist/.tsc):
//   - dist/portal.js: the app shell (Lit, the router, the session, the components it shows);
//   - dist/chunks/: each screen as its own chunk, loaded when its route is entered;
//   - dist/index.html and dist/styles/: the page and Web Awesome's theme, copied from the package,
//     so that nothing is ever fetched from a CDN and no font leaves the system's own.
import { cp, mkdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, 'package.json'));
const webAwesomeStyles = join(
  dirname(require.resolve('@awesome.me/webawesome/dist/components/icon/library.js')),
  '../../styles',
);

/** Empties dist/chunks first (their names carry content hashes), copies the page and the theme after. */
function pageAndStyles() {
  return {
    name: 'idv-portal-page',
    async buildStart() {
      await rm(join(here, 'dist/chunks'), { recursive: true, force: true });
    },
    async writeBundle() {
      await mkdir(join(here, 'dist'), { recursive: true });
      await cp(join(here, 'src/index.html'), join(here, 'dist/index.html'));
      await cp(join(here, 'src/portal.css'), join(here, 'dist/portal.css'));
      await cp(webAwesomeStyles, join(here, 'dist/styles'), { recursive: true });
    },
  };
}

export default {
  input: join(here, 'dist/.tsc/main.js'),
  output: {
    dir: join(here, 'dist'),
    entryFileNames: 'portal.js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    format: 'es',
    sourcemap: true,
  },
  onwarn(warning, warn) {
    // TypeScript's decorator helper reads `this` at module level; harmless in ES modules.
    if (warning.code !== 'THIS_IS_UNDEFINED') warn(warning);
  },
  plugins: [
    pageAndStyles(),
    nodeResolve({ browser: true, exportConditions: ['browser', 'production'] }),
    terser({ ecma: 2022, module: true, format: { comments: false } }),
  ],
};
