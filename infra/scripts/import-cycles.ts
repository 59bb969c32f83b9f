/**
 * Import loops in the backend: builds the graph of relative imports (type-only ones included, a
 * type import is a dependency of the reader all the same) between the TypeScript files under the
 * given folders and returns each strongly connected group of two or more files, or a file that
 * imports itself. A loop means two modules cannot be understood, tested or moved apart; the unit
 * test (import-cycles.test.ts) keeps functions/, events/ and infra/ free of them.
 *
 *   npx tsx infra/scripts/import-cycles.ts [folder…]   prints the loops, exits 1 if there are any
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx)$/;
const SKIPPED = new Set(['node_modules', 'cdk.out', 'dist', '.local']);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names: `./x.js` is `./x.ts` on disk, `./x` may be `./x/index.ts`. */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(js|jsx|ts|tsx|mjs|cjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => SOURCE.test(path) && existsSync(path) && statSync(path).isFile());
}

/** Every file's relative imports and re-exports (static and `import()`), resolved to files. */
export function importGraph(folders: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of folders.flatMap(sourceFiles)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolveRelative(file, specifier))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected groups of the graph that form a loop (Tarjan's algorithm), files sorted. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;

  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue; // outside the folders looked at: cannot close a loop here
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(group.sort());
  };

  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The loops among the files under `folders`, each file named relative to `root`. */
export function findImportCycles(root: string, folders: string[]): string[][] {
  const graph = importGraph(folders.map((folder) => resolve(root, folder)));
  return importCycles(graph).map((group) => group.map((file) => relative(root, file)));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const folders = process.argv.slice(2);
  const cycles = findImportCycles(root, folders.length > 0 ? folders : ['functions', 'events', 'infra']);
  for (const group of cycles) console.log(group.join('\n  <-> '), '\n');
  console.log(cycles.length === 0 ? 'No import loops.' : `${cycles.length} import loop(s).`);
  process.exitCode = cycles.length === 0 ? 0 : 1;
}
