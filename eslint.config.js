// Lint for the whole repository: TypeScript rules everywhere, React hooks rules in the SPA,
// each backend domain kept to its own repository and each frontend feature behind its index.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { alpPlugin } from './frontend/eslint/no-untranslated-text.js';
import { boundaryPlugin } from './frontend/eslint/backend-boundary.js';
import { importLayerConfig } from './infra/eslint/import-layers.js';

/**
 * Domains own their data (docs/architecture.md): a file under functions/<domain>/ may import its
 * own repositories (`./repository.js`, `./x-repository.js`, or `../` from handlers/) and nothing
 * else named like a repository, however the path is spelled. Another domain's data is reached
 * through its service, its events, or the pure builders of its keys.ts.
 */
const domains = readdirSync(new URL('./functions', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const repositoryFile = '([\\w.-]*-)?repository(\\.[jt]s)?';
const ownRepositoryOnly = (domain) => ({
  files: [`functions/${domain}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [{
        regex: `^(?!\\.{1,2}/${repositoryFile}$|(\\.\\./)+${domain}/${repositoryFile}$).*repository`,
        message: `Only ${domain}'s own repository may be imported here: reach another domain's data through its service (or its keys.ts for transaction items).`,
      }],
    }],
  },
});

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

/**
 * Components whose text is translated: they may not write user-facing words inline.
 * The list grows feature by feature until it is all of frontend/src.
 */
const TRANSLATED = [
  'frontend/src/shared/ui/SiteHeader.tsx',
  'frontend/src/shared/ui/LanguageSwitcher.tsx',
  'frontend/src/shared/ui/PageShell.tsx',
  'frontend/src/features/landing/**/*.tsx',
  'frontend/src/app/**/*.tsx',
  'frontend/src/shared/ui/**/*.tsx',
  'frontend/src/features/auth/**/*.tsx',
  'frontend/src/features/kyc/**/*.tsx',
  'frontend/src/features/bookings/**/*.tsx',
  'frontend/src/features/live/**/*.tsx',
  'frontend/src/features/progress/**/*.tsx',
  'frontend/src/features/tutors/**/*.tsx',
  'frontend/src/features/reviews/**/*.tsx',
  'frontend/src/features/students/**/*.tsx',
  'frontend/src/features/support/**/*.tsx',
  'frontend/src/features/courses/**/*.tsx',
  'frontend/src/features/ai/**/*.tsx',
  'frontend/src/features/payouts/**/*.tsx',
  'frontend/src/features/admin/**/*.tsx',
  'frontend/src/features/certificates/**/*.tsx',
  'frontend/src/features/ledger/**/*.tsx',
  'frontend/src/features/plans/**/*.tsx',
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
  // Static scripts served as they are (no bundle), e.g. live-left.js: plain browser scripts.
  { files: ['frontend/public/**/*.js'], languageOptions: { globals: { ...globals.browser }, sourceType: 'script' } },
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
    files: TRANSLATED,
    plugins: { alp: alpPlugin },
    rules: { 'alp/no-untranslated-text': 'error' },
  },
  {
    // Test doubles read loosely typed JSON from the emulator; `any` there is deliberate.
    files: ['tests/**/*.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...domains.map(ownRepositoryOnly),
  // ---- The SPA's boundary with the backend (docs/decisions/2026-11-27-spa-backend-boundary.md):
  // only contracts, catalogs, messages and the typed client, always as @functions/….
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { boundary: boundaryPlugin },
    rules: { 'boundary/spa-backend-imports': 'error' },
  },

  // Layers between top-level parts (infra/eslint/import-layers.js): events/ imports nothing of
  // the product, the CDK app (infra/aws/) nothing of the local emulation, infra/ nothing of the SPA.
  ...importLayerConfig,
);
