// One shared ESLint configuration for every package (flat config).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import lit from 'eslint-plugin-lit';
import litA11y from 'eslint-plugin-lit-a11y';
import wc from 'eslint-plugin-wc';
import globals from 'globals';

/** The packages written with Lit: the element, the portal and the Capacitor plugin's web part. */
const LIT_SOURCES = [
  'packages/verify/src/**/*.ts',
  'packages/portal/src/**/*.ts',
  'packages/capacitor/src/**/*.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/.idv-data/**',
      '**/.test-artifacts/**',
      '**/.tsbuild/**',
      // Git-ignored scratch folders of a package (experiments, never committed).
      '**/.scratch/**',
      '**/*.d.ts',
      '**/custom-elements.json',
      // The portal's translations, generated from its XLIFF files by `lit-localize build`.
      'packages/portal/src/locales/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  // Type-aware rules on every TypeScript file (each belongs to a package's tsconfig): promises that
  // nobody awaits or that are passed where a plain callback is expected, awaits of non-promises,
  // and switches that miss a member of a union.
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: {
        projectService: {
          // Files no package tsconfig includes: test-runner configs and the server's benchmarks
          // (run by tsx), checked with the default compiler options.
          allowDefaultProject: ['packages/*/vitest.config.ts', 'packages/server/bench/*.ts'],
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  // The fingerprint package keeps its tests, benchmark and test config in tsconfig.test.json
  // (tsconfig.json is the build of src/ without the tests), which the project service does not find.
  {
    files: ['packages/fingerprint/**/*.ts'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: './packages/fingerprint/tsconfig.test.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  { files: LIT_SOURCES, ...lit.configs['flat/recommended'] },
  { files: LIT_SOURCES, ...wc.configs['flat/recommended'] },
  { files: LIT_SOURCES, ...litA11y.configs.recommended },
  prettier,
);
