// Marks dist/cjs as CommonJS (the package itself is "type": "module", so Node would otherwise
// read the .js files there as ES modules).
import { writeFile } from 'node:fs/promises';

await writeFile(
  new URL('../dist/cjs/package.json', import.meta.url),
  `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`,
);
