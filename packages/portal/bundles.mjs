// The portal's browser bundle, built by the root rollup.config.mjs (input: the `tsc` output in
// dist/.tsc):
//   - dist/portal.js: the app shell (Lit, the router, the session, the components it shows);
//   - dist/chunks/: each screen as its own chunk, loaded when its route is entered;
//   - dist/index.html and dist/styles/: the page and Web Awesome's theme, copied from the package,
//     so that nothing is ever fetched from a CDN and no font leaves the system's own.
export default [
  {
    input: 'dist/.tsc/main.js',
    output: { dir: 'dist', entryFileNames: 'portal.js', chunkFileNames: 'chunks/[name]-[hash].js' },
    clean: ['dist/chunks'],
    copy: [
      { from: 'src/index.html', to: 'dist/index.html' },
      { from: 'src/portal.css', to: 'dist/portal.css' },
      {
        from: {
          resolve: '@awesome.me/webawesome/dist/components/icon/library.js',
          path: '../../styles',
        },
        to: 'dist/styles',
      },
    ],
  },
];
