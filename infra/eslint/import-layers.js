// Which top-level parts may import which (docs/decisions/2026-11-27-infra-two-worlds.md):
// - events/ is the bottom layer: event schemas and, in events/shared/, the few plain values the
//   SPA, the functions and infra all need (languages, the runtime config's shape). It imports only
//   itself and packages.
// - infra/aws/ is the CDK app: it never loads the local emulation (infra/local/) or a script, so
//   a synth cannot depend on a sandbox, a fake secret or demo data.
// - infra/ does not reach into the SPA (frontend/): what both need lives in events/shared/.
// infra/local/ and infra/scripts/ may import infra/aws/ (definitions, the provider registry).
import { dirname, relative, resolve, sep } from 'node:path';

/** `from`: the files a layer covers; `refuses`: where they may not import from. Paths from the repository root. */
export const IMPORT_LAYERS = [
  {
    from: 'events/',
    refuses: ['functions/', 'infra/', 'frontend/', 'tests/'],
    why: 'events/ imports nothing of the product: put what both sides need in events/shared/',
  },
  {
    from: 'infra/aws/',
    refuses: ['infra/local/', 'infra/scripts/', 'tests/'],
    why: 'the CDK app (infra/aws/) never loads the local emulation or the scripts',
  },
  {
    from: 'infra/',
    refuses: ['frontend/'],
    why: 'infra/ does not reach into the SPA: types both need (runtime config, languages) live in events/shared/',
  },
];

const toPosix = (path) => path.split(sep).join('/');

/** @type {import('eslint').Rule.RuleModule} */
const importLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps events/ free of the product, the CDK app free of the local emulation, and infra/ out of the SPA.' },
    schema: [],
    messages: { refused: "{{file}} may not import '{{specifier}}': {{why}}." },
  },
  create(context) {
    const root = context.cwd;
    const file = toPosix(relative(root, context.filename));
    const layers = IMPORT_LAYERS.filter((layer) => file.startsWith(layer.from));
    if (layers.length === 0) return {};

    function check(node, source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const specifier = source.value;
      if (!specifier.startsWith('.')) return;
      const target = toPosix(relative(root, resolve(dirname(context.filename), specifier)));
      for (const layer of layers) {
        if (layer.refuses.some((dir) => target.startsWith(dir) || `${target}/` === dir)) {
          context.report({ node: source, messageId: 'refused', data: { file, specifier, why: layer.why } });
          return;
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export const importLayersPlugin = { rules: { 'import-layers': importLayers } };

/** The config block eslint.config.js spreads in. */
export const importLayerConfig = [
  {
    files: ['events/**/*.{ts,tsx,js}', 'infra/**/*.{ts,tsx,js}'],
    plugins: { 'alp-layers': importLayersPlugin },
    rules: { 'alp-layers/import-layers': 'error' },
  },
];
