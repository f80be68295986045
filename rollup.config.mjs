// The one Rollup build of every browser bundle in the repository. Each browser package names its
// bundles in its own `bundles.mjs` (entries, output names, what to empty first and what to copy
// beside them from installed packages); this file turns them into Rollup configurations with the
// shared plugins (node resolution for browsers, terser) and options.
//
// Run from a package directory (`rollup -c ../../rollup.config.mjs`, what each package's `build`
// script does) it builds that package's bundles; run from the repository root
// (`npx rollup -c rollup.config.mjs`) it builds every package's. Inputs are the packages' `tsc`
// output, so their `tsc --build` runs first. Today: `@idv/verify` (the element's one-file bundle
// and lazy chunks, the capture worker, its vendored face models) and `@idv/portal` (the app shell
// and a chunk per screen, its page and theme). `@idv/capacitor`'s web code is not bundled: apps
// bundle it with the plugin (the Ionic demo with Vite).
import { existsSync } from 'node:fs';
import { cp, mkdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import nodeResolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';

const root = dirname(fileURLToPath(import.meta.url));
/** The packages with browser bundles, each naming them in its `bundles.mjs`. */
const BROWSER_PACKAGES = ['packages/verify', 'packages/portal'];

/** Empties directories of an earlier build (lazy chunks carry content hashes in their names). */
function cleanDirs(dirs) {
  return {
    name: 'idv-clean',
    async buildStart() {
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Copies files and directories beside the bundle once it is written. */
function copyAssets(copies) {
  return {
    name: 'idv-copy-assets',
    async writeBundle() {
      for (const { from, to } of copies) {
        await mkdir(dirname(to), { recursive: true });
        await cp(from, to, { recursive: true });
      }
    },
  };
}

/** Root directory of a package installed for `packageDir` (found through its main entry: some hide package.json). */
function installedPackageRoot(packageDir, name) {
  const require = createRequire(join(packageDir, 'package.json'));
  let dir = dirname(require.resolve(name));
  while (!dir.endsWith(join('node_modules', ...name.split('/')))) dir = dirname(dir);
  return dir;
}

/**
 * Where a copy comes from: `{package, path}` inside an installed package, `{resolve, path}`
 * relative to the directory of a module an installed package resolves, or a path of the package.
 */
function copySource(packageDir, from) {
  if (typeof from === 'string') return join(packageDir, from);
  if ('package' in from) return join(installedPackageRoot(packageDir, from.package), from.path);
  const require = createRequire(join(packageDir, 'package.json'));
  return join(dirname(require.resolve(from.resolve)), from.path);
}

const minify = () => terser({ ecma: 2022, module: true, format: { comments: false } });

/** The Rollup configuration of one bundle a package names (paths relative to the package). */
function bundleConfig(packageDir, bundle) {
  const at = (path) => join(packageDir, path);
  const { output } = bundle;
  return {
    input: at(bundle.input),
    ...(bundle.external ? { external: bundle.external } : {}),
    // Lets lazy chunks import shared code (Lit) from the entry itself instead of a facade chunk.
    ...(bundle.extendEntry ? { preserveEntrySignatures: 'allow-extension' } : {}),
    output: {
      ...(output.file ? { file: at(output.file) } : { dir: at(output.dir) }),
      ...(output.entryFileNames ? { entryFileNames: output.entryFileNames } : {}),
      ...(output.chunkFileNames ? { chunkFileNames: output.chunkFileNames } : {}),
      format: 'es',
      sourcemap: true,
      ...(output.paths ? { paths: output.paths } : {}),
    },
    onwarn(warning, warn) {
      // TypeScript's decorator helper reads `this` at module level; harmless in ES modules.
      if (warning.code !== 'THIS_IS_UNDEFINED') warn(warning);
    },
    plugins: [
      ...(bundle.clean ? [cleanDirs(bundle.clean.map(at))] : []),
      nodeResolve(
        bundle.exportConditions === false
          ? { browser: true }
          : { browser: true, exportConditions: ['browser', 'production'] },
      ),
      minify(),
      ...(bundle.copy
        ? [
            copyAssets(
              bundle.copy.map(({ from, to }) => ({
                from: copySource(packageDir, from),
                to: at(to),
              })),
            ),
          ]
        : []),
    ],
  };
}

const here = process.cwd();
const packages = existsSync(join(here, 'bundles.mjs'))
  ? [here]
  : BROWSER_PACKAGES.map((dir) => resolve(root, dir));
const configs = [];
for (const packageDir of packages) {
  const { default: bundles } = await import(pathToFileURL(join(packageDir, 'bundles.mjs')).href);
  for (const bundle of bundles) configs.push(bundleConfig(packageDir, bundle));
}
export default configs;
