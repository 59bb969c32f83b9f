// Lint for the whole repository: TypeScript rules everywhere, React hooks rules in the SPA,
// and each backend domain kept to its own repository.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  {
    // Test doubles read loosely typed JSON from the emulator; `any` there is deliberate.
    files: ['tests/**/*.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...domains.map(ownRepositoryOnly),
);
