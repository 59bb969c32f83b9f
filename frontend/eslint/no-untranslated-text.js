/**
 * ESLint rule `alp/no-untranslated-text`: words a user reads come from a message catalog
 * (`t('key')`, shared/i18n/text.ts), never written into a component. Reports JSX text with letters,
 * string literals with letters rendered as JSX children, and such literals in the attributes a
 * screen reader or a pointer shows (aria-label, title, placeholder, alt, label). Text without
 * letters (·, –, numbers) passes. Applied to the folders already translated (eslint.config.js).
 */
const SHOWN_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label']);
const hasWords = (text) => /\p{L}/u.test(text);
const MESSAGE = 'Text shown to users comes from a message catalog (t(\'…\')), so it can be translated.';

/** @type {import('eslint').Rule.RuleModule} */
export const noUntranslatedText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-facing text in components comes from a message catalog' },
    schema: [],
  },
  create(context) {
    const literalText = (node) => {
      if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
      if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? '').join('');
      return null;
    };
    return {
      JSXText(node) {
        if (hasWords(node.value)) context.report({ node, message: MESSAGE });
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type !== 'JSXElement' && node.parent?.type !== 'JSXFragment') return;
        const text = literalText(node.expression);
        if (text !== null && hasWords(text)) context.report({ node, message: MESSAGE });
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
        if (!name || !SHOWN_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        const text = literalText(value);
        if (text !== null && hasWords(text)) context.report({ node, message: MESSAGE });
      },
    };
  },
};

export const alpPlugin = { rules: { 'no-untranslated-text': noUntranslatedText } };
