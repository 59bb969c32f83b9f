/**
 * The page renderer as the page consumers' Lambdas get it (frontend/page-renderer-build.ts, built
 * by `npm run build:web`): copied alone to a folder outside the project, so no node_modules can be
 * found from it, and run with plain `node`, it fills a tutor's page in both languages. And what a
 * cold start loads of it stays within its budget (docs/decisions/2026-11-27-performance-budgets.md).
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicTutorProfile } from '../../functions/tutors/contract.js';
import { PROJECT_ROOT } from '../../infra/aws/constructs/function.js';
import { PAGE_RENDERER_ASSET_DIR, PAGE_RENDERER_BUILD_DIR, PAGE_RENDERER_ENTRY } from '../../infra/aws/prerendered-pages.js';
import { RENDERER_DIR_ENV } from '../../functions/sitepages/files.js';

/** What a cold start parses: the entry and every chunk it imports statically (each page's chunk loads on its first render). */
const RENDERER_START_BUDGET_BYTES = 600 * 1024;

const built = join(PROJECT_ROOT, PAGE_RENDERER_BUILD_DIR);
/** A Lambda's task root: the asset, with the renderer folder in it as the CDK stack copies it. */
let taskRoot: string;
let dir: string;

beforeAll(() => {
  if (!existsSync(join(built, PAGE_RENDERER_ENTRY))) {
    throw new Error(`${PAGE_RENDERER_BUILD_DIR}/${PAGE_RENDERER_ENTRY} not found: run \`npm run build:web\` first (it builds the page renderer).`);
  }
  taskRoot = mkdtempSync(join(tmpdir(), 'alp-page-renderer-'));
  dir = join(taskRoot, PAGE_RENDERER_ASSET_DIR);
  cpSync(built, dir, { recursive: true });
});

afterAll(() => {
  rmSync(taskRoot, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

const tutor: PublicTutorProfile = {
  id: 'tut_01', firstName: 'Amina', lastName: 'Otieno', subjects: ['Mathematics'], levels: ['secondary'], hourlyRate: 1500,
  verified: true, country: 'KE', headline: 'KCSE maths made clear', bio: 'Ten years at a Nairobi school.', expertise: [],
  specializations: [], preferredSubjects: [], certifications: [], timeZone: 'Africa/Nairobi', memberSince: '2026-01-01',
  stats: { completedSessions: 0, weeklyHours: 0 }, figures: { rating: 4.8, reviewCount: 6, lessonsTaught: 20, studentsTaught: 5 },
};

/** Renders the tutor's page in each language with the copied renderer, in a child `node` with no module path. */
async function renderWithPlainNode(): Promise<Record<'en' | 'sw', string>> {
  writeFileSync(join(dir, 'run.mjs'), `
    import { readFile } from 'node:fs/promises';
    const { renderTutorPage } = await import('./${PAGE_RENDERER_ENTRY}');
    const tutor = ${JSON.stringify(tutor)};
    const out = {};
    for (const [language, shell] of [['en', 'pages/tutor-profile.html'], ['sw', 'pages/tutor-profile.sw.html']]) {
      out[language] = await renderTutorPage(tutor, language, await readFile(shell, 'utf8'), 'https://alp.example', '/share/tutor/tut_01' + (language === 'en' ? '' : '.sw') + '.png');
    }
    process.stdout.write(JSON.stringify(out), () => process.exit(0));
  `);
  const env = { PATH: process.env.PATH ?? '', HOME: dir };
  const { stdout } = await promisify(execFile)(process.execPath, ['run.mjs'], { cwd: dir, env, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as Record<'en' | 'sw', string>;
}

/** The renderer's files a cold start loads: the entry and, transitively, its static imports. */
function startClosure(): Map<string, number> {
  const sizes = new Map<string, number>();
  const visit = (file: string) => {
    if (sizes.has(file)) return;
    sizes.set(file, statSync(file).size);
    for (const [, target] of readFileSync(file, 'utf8').matchAll(/(?:\bfrom|\bimport)\s*["'](\.\.?\/[^"']+)["']/g)) visit(join(dirname(file), target!));
  };
  visit(join(dir, PAGE_RENDERER_ENTRY));
  return sizes;
}

describe('the page renderer Lambda asset', () => {
  it('runs with plain node and no node_modules, and fills a tutor page in English and Kiswahili', async () => {
    const pages = await renderWithPlainNode();
    expect(pages.en).toContain('<html lang="en"');
    expect(pages.sw).toContain('<html lang="sw"');
    for (const html of Object.values(pages)) {
      expect(html).toContain('Amina Otieno');
      expect(html).toContain('Ten years at a Nairobi school.');
      // The record the SPA hydrates with, and the head a link preview reads.
      expect(html).toContain('<script type="application/json" id="alp-record">');
      expect(html).toContain('<link rel="canonical" href="https://alp.example/tutor-profile/tut_01');
    }
    expect(pages.en).toContain('<meta property="og:image" content="https://alp.example/share/tutor/tut_01.png">');
    expect(pages.sw).toContain('https://alp.example/share/tutor/tut_01.sw.png');
    // The page's own texts in the page's language.
    expect(pages.en).toContain('Book a session');
    expect(pages.sw).toContain('Weka nafasi ya kipindi');
    expect(pages.sw).not.toContain('Book a session');
  });

  it('is what the consumers load in a Lambda: PAGE_RENDERER_DIR under LAMBDA_TASK_ROOT, with every shell it fills', async () => {
    vi.stubEnv('LAMBDA_TASK_ROOT', taskRoot);
    vi.stubEnv(RENDERER_DIR_ENV, PAGE_RENDERER_ASSET_DIR);
    const { pageRenderer } = await import('../../functions/sitepages/renderer.js');
    const renderer = await pageRenderer();
    expect(renderer.shells.sw).toContain('<html lang="sw"');
    expect(renderer.courseShells.en).toContain('<html lang="en"');
    expect(renderer.catalogueTemplates.sw).toContain('<html lang="sw"');
    expect(await renderer.renderTutorPage(tutor, 'sw', renderer.shells.sw, 'https://alp.example')).toContain('Kuhusu Amina');
  });

  it('loads no more than its budget at a cold start', () => {
    const closure = startClosure();
    const total = [...closure.values()].reduce((sum, size) => sum + size, 0);
    expect(closure.size, 'the entry imports the shared chunks').toBeGreaterThan(1);
    expect(total, `${(total / 1024).toFixed(0)} KB loaded at start`).toBeLessThanOrEqual(RENDERER_START_BUDGET_BYTES);
  });
});
