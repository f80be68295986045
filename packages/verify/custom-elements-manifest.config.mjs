// Custom elements manifest (`cem analyze --litelement`): the element's attributes, events, parts and
// CSS properties, read from its JSDoc, written to dist/custom-elements.json.
export default {
  globs: ['src/**/*.ts'],
  exclude: ['src/worker/**', 'src/internal/features/*/worker/**', 'src/**/*_test.ts'],
  outdir: 'dist',
  litelement: true,
};
