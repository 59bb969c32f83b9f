/**
 * ESLint rule `boundary/spa-backend-imports` (docs/decisions/2026-11-27-spa-backend-boundary.md):
 * the SPA reads the backend only through what both sides promise each other, and always through
 * the `@functions/…` alias, so a reader sees at the import which backend file is shared and the
 * bundler never follows a relative path into server code.
 */
import { dirname, relative, resolve } from 'node:path';

/** Backend files the SPA may import, relative to functions/ and without extension. */
export const SPA_BACKEND_FILES = [
  // contracts: the zod schemas of requests and answers, and the rules both sides apply to them
  /^[\w-]+\/(contract|[\w-]+-contract)$/,
  // catalogs: fixed lists, limits and labels, without zod (light enough for any page)
  /^[\w-]+\/(catalog|[\w-]+-catalog)$/,
  // messages: the server's words, their Kiswahili, and how money, times and languages are written
  /^[\w-]+\/(messages|[\w-]+-messages)$/,
  /^shared\/i18n\/[\w-]+\.json$/,
  /^shared\/(language|display)$/,
  // the typed client by route name
  /^client$/,
];
const DESCRIPTION = 'contract.ts, *-contract.ts, catalog.ts, *-catalog.ts, messages.ts, *-messages.ts, shared/i18n/*.json, shared/language.ts, shared/display.ts or client.ts';

const withoutExtension = (path) => (path.endsWith('.json') ? path : path.replace(/\.(js|ts|tsx)$/, ''));

/** @type {import('eslint').Rule.RuleModule} */
export const spaBackendImports = {
  meta: {
    type: 'problem',
    docs: { description: 'The SPA imports only shared backend files, through @functions/…' },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const functionsDir = resolve(root, 'functions');
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      let backendPath;
      if (specifier.startsWith('@functions/')) {
        backendPath = specifier.slice('@functions/'.length);
      } else if (specifier.startsWith('.')) {
        const target = resolve(dirname(resolve(root, context.filename)), specifier);
        const inFunctions = relative(functionsDir, target);
        if (inFunctions.startsWith('..') || inFunctions === '') return;
        context.report({ node, message: `Import the backend through the alias: '@functions/${inFunctions.split('\\').join('/')}'.` });
        backendPath = inFunctions;
      } else {
        return;
      }
      if (!SPA_BACKEND_FILES.some((pattern) => pattern.test(withoutExtension(backendPath)))) {
        context.report({
          node,
          message: `The SPA may import from the backend only ${DESCRIPTION}: '${backendPath}' is none of them. Move what both sides need into one.`,
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export const boundaryPlugin = { rules: { 'spa-backend-imports': spaBackendImports } };
