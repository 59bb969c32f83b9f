/**
 * The API's texts in Kiswahili: the lookup, and a check that every text the server can send has a
 * translation. The texts are found in the source, where they are written: the messages of domain
 * errors (`new NotFound('…')`), the `…Messages` objects and `…Message` texts of each domain, and
 * the messages of zod schemas (`.min(1, '…')`, `{ error: '…' }`). A text with a value in it
 * (`${limit}`) must match a catalog key ("… {limit} …", or the key of each value it takes).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import sw from './i18n/sw.json';
import { acceptedLanguage } from '../../events/shared/language.js';
import { translator } from './message-catalog.js';
import { detailsInLanguage, inLanguage } from './messages.js';

const FUNCTIONS = fileURLToPath(new URL('..', import.meta.url));

/** Which constructor argument is the message, per domain error class (functions/shared/errors.ts). */
const MESSAGE_ARGUMENT: Record<string, number> = {
  ValidationFailed: 0, NotAuthenticated: 0, Forbidden: 0, PaymentRequired: 0, NotFound: 0,
  Conflict: 1, BusinessRuleViolated: 1, ProviderFailed: 1, TooManyRequests: 1, DomainError: 2,
};
/** zod methods whose string arguments are messages. */
const ZOD_CHECKS = new Set(['min', 'max', 'length', 'regex', 'refine', 'gte', 'lte', 'gt', 'lt', 'positive', 'nonnegative', 'int', 'email', 'nonempty']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A literal's text; a template's with `{}` where a value goes; an arrow function's result. */
function textOf(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('');
  if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) return textOf(node.body);
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return textOf(node.expression);
  return undefined;
}

/** Every text the server can send, with where it was found. */
function serverTexts(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(FUNCTIONS)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const usesZod = /from 'zod'/.test(source.text);
    const isErrorsModule = file.endsWith(join('shared', 'errors.ts'));
    // Texts held in a local const first (`const message = '…'; throw new ValidationFailed(message)`).
    const localTexts = new Map<string, ts.Node>();
    const collectLocals = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && textOf(node.initializer)) localTexts.set(node.name.text, node.initializer);
      ts.forEachChild(node, collectLocals);
    };
    collectLocals(source);
    const add = (given: ts.Node | undefined) => {
      const node = given && ts.isIdentifier(given) ? localTexts.get(given.text) : given;
      const text = node && textOf(node);
      if (text && /[a-z] /.test(text)) found.set(text, `${relative(FUNCTIONS, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text in MESSAGE_ARGUMENT) {
        add(node.arguments?.[MESSAGE_ARGUMENT[node.expression.text] ?? 0]);
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'errorResult') add(node.arguments[2]);
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        let value: ts.Node = node.initializer;
        while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value)) value = value.expression;
        if (/messages$/i.test(node.name.text) && ts.isObjectLiteralExpression(value)) {
          for (const property of value.properties) if (ts.isPropertyAssignment(property)) add(property.initializer);
        }
        const exported = ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export;
        if (/message$/i.test(node.name.text) && exported) add(value);
      }
      if (ts.isFunctionDeclaration(node) && node.name && /Message$/.test(node.name.text)) {
        const returned = (n: ts.Node): void => {
          if (ts.isReturnStatement(n) && n.expression) add(n.expression);
          if (!ts.isFunctionLike(n)) ts.forEachChild(n, returned);
        };
        if (node.body) ts.forEachChild(node.body, returned);
      }
      // Default messages and super(…) texts of the error classes themselves.
      if (isErrorsModule && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) add(node);
      if (usesZod) {
        if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && ['error', 'message'].includes(node.name.text)) add(node.initializer);
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ZOD_CHECKS.has(node.expression.name.text)) {
          for (const argument of node.arguments) add(argument);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('server messages in Kiswahili', () => {
  const keys = Object.keys(sw);

  // Parses every source file: seconds, not milliseconds, on a busy machine.
  it('every text the server can send has a translation', { timeout: 60_000 }, () => {
    const texts = serverTexts();
    expect(texts.size).toBeGreaterThan(200);
    const missing = [...texts].filter(([text]) => {
      if (!text.includes('{}')) return inLanguage(text, 'sw') === text;
      const pattern = new RegExp(`^${text.split('{}').map(escapeRegExp).join('.+')}$`, 's');
      return !keys.some((key) => pattern.test(key));
    });
    expect(missing.map(([text, where]) => `${where}: ${text}`)).toEqual([]);
  });

  it('every translation keeps the placeholders of its key', () => {
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, translation] of Object.entries(sw)) expect(names(translation), key).toEqual(names(key));
  });

  it('carries a value into the translation', () => {
    expect(inLanguage('No account with the e-mail amina@example.com', 'sw')).toBe('Hakuna akaunti yenye barua pepe amina@example.com');
    expect(inLanguage('This tutor needs at least 1 hour\'s notice. Please choose a later time.', 'sw')).toContain('saa 1');
    expect(inLanguage('This tutor needs at least 4 hours\' notice. Please choose a later time.', 'sw')).toContain('saa 4');
    expect(inLanguage('That file type can\'t be used here. Choose a PDF, JPG or PNG file.', 'sw')).toBe('Aina hiyo ya faili haiwezi kutumika hapa. Chagua faili ya PDF, JPG au PNG.');
  });

  it('translates a value that is itself a catalog text (a field\'s name)', () => {
    expect(inLanguage('The topic must not be empty', 'sw')).toBe('Mada: haipaswi kuwa tupu');
  });

  it('leaves English, and a text it does not know, as they are', () => {
    expect(inLanguage('Booking not found', 'en')).toBe('Booking not found');
    expect(inLanguage('Invalid input: expected string', 'sw')).toBe('Invalid input: expected string');
    expect(translator({ 'A {x} B': 'C {x} D' })('A  B')).toBe('A  B');
  });

  it('translates field messages and keeps other details', () => {
    const details = { fields: [{ path: 'firstName', message: 'First name is required' }], resetsAt: '2026-01-01' };
    expect(detailsInLanguage(details, 'sw')).toEqual({ fields: [{ path: 'firstName', message: 'Jina la kwanza linahitajika' }], resetsAt: '2026-01-01' });
  });
});

describe('acceptedLanguage', () => {
  it('takes the supported language of highest quality', () => {
    expect(acceptedLanguage('sw-KE,sw;q=0.9,en;q=0.8')).toBe('sw');
    expect(acceptedLanguage('fr;q=1, en;q=0.5, sw;q=0.7')).toBe('sw');
    expect(acceptedLanguage('sw')).toBe('sw');
    expect(acceptedLanguage('en-GB,en;q=0.9')).toBe('en');
  });
  it('answers English without a header, or when Kiswahili is refused', () => {
    expect(acceptedLanguage(undefined)).toBe('en');
    expect(acceptedLanguage('')).toBe('en');
    expect(acceptedLanguage('sw;q=0, fr')).toBe('en');
    expect(acceptedLanguage('*')).toBe('en');
  });
});
