// Lint for the whole repository: TypeScript rules everywhere, React hooks rules in the SPA.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES_DIR = 'frontend/src/features';
const features = readdirSync(new URL(FEATURES_DIR, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Feature boundaries (bulletproof-react's rule, with ESLint's own no-restricted-imports): a
 * feature uses another only through its `index.ts`, or loads its stylesheet (CSS cannot pass
 * through an index without loading it for every importer). Shared code imports no feature.
 */
const featureBoundaries = [
  ...features.map((feature) => ({
    files: [`${FEATURES_DIR}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: features
            .filter((other) => other !== feature)
            .map((other) => ({
              regex: `^(\\.\\./)+(features/)?${other}/(?!.*\\.css$)`,
              message: `Import the ${other} feature through its index ('../${other}'), not its files.`,
            })),
        },
      ],
    },
  })),
  {
    files: ['frontend/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '/features(/|$)', message: 'Shared code must not depend on a feature.' }] }],
    },
  },
];

export default tseslint.config(
  { ignores: ['node_modules', '.venv', 'cdk.out', 'frontend/dist', '.local', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...featureBoundaries,
  {
    // Test doubles read loosely typed JSON from the emulator; `any` there is deliberate.
    files: ['tests/**/*.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
