/**
 * Deploy checks on every synthesized template (the default stack and the custom-domain variant,
 * parent and nested): cfn-lint finds nothing (errors and warnings, W3005/W3045 aside:
 * fixtures/deploy-checks.ts says why), and every nested stack is given exactly the parameters its
 * template declares. Deliberately broken copies of the real templates prove both checks catch
 * what they are for. Bundling is skipped (templates only); one cfn-lint process lints them all.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { App, type Stack } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlpStack } from '../../infra/aws/stack.js';
import { cfnLint, nestedParameterMismatches, nestedStackFiles, type LintFinding } from './fixtures/deploy-checks.js';

type Json = Record<string, any>;
const workDir = mkdtempSync(join(tmpdir(), 'alp-deploy-checks-'));
const outdir = join(workDir, 'cdk.out');
const brokenDir = join(workDir, 'broken');
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;

let stacks: Stack[];
let templateFiles: string[];
let findings: LintFinding[];
let workersFile: string;
let parentFile: string;

/** A copy of a real template with one mistake, under broken/<name>.template.json. */
function broken(name: string, source: string, mutate: (template: Json) => void): string {
  const template = read(source);
  mutate(template);
  const file = join(brokenDir, `${name}.template.json`);
  writeFileSync(file, JSON.stringify(template, null, 1));
  return file;
}
const firstOfType = (template: Json, type: string) => Object.entries(template.Resources as Record<string, Json>).find(([, r]) => r.Type === type)!;

beforeAll(async () => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] }, outdir });
  stacks = [
    new AlpStack(app, 'alp-checks', { stage: 'checks', webDistPath: '/nonexistent' }),
    new AlpStack(app, 'alp-checks-domain', {
      stage: 'checksdomain', webDistPath: '/nonexistent', emailDomain: 'learn.example.com', cloudFrontAccessLogs: false,
      customDomain: { domainName: 'learn.example.com', certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/00000000-0000-0000-0000-000000000000' },
    }),
  ];
  app.synth();
  templateFiles = stacks.flatMap((s) => [s.templateFile, ...nestedStackFiles(s).map((n) => n.templateFile)]).map((f) => join(outdir, f));
  const workers = nestedStackFiles(stacks[0]!).find((n) => n.path.endsWith('/Workers'))!;
  workersFile = join(outdir, workers.templateFile);
  parentFile = join(outdir, stacks[0]!.templateFile);

  mkdirSync(brokenDir);
  const brokenFiles = [
    broken('bad-runtime', workersFile, (t) => { firstOfType(t, 'AWS::Lambda::Function')[1].Properties.Runtime = 'nodejs99.x'; }),
    broken('bad-timeout', workersFile, (t) => { firstOfType(t, 'AWS::Lambda::Function')[1].Properties.Timeout = 1200; }),
    broken('missing-attribute', workersFile, (t) => {
      const fn = firstOfType(t, 'AWS::Lambda::Function')[1];
      fn.Properties.Role['Fn::GetAtt'][1] = 'NoSuchAttribute';
    }),
  ];
  findings = await cfnLint([...templateFiles, ...brokenFiles]);
}, 900_000);

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const of = (file: string) => findings.filter((f) => f.file === file);

describe('cfn-lint', () => {
  it('lints every synthesized template, parent and nested, of both stacks', () => {
    expect(templateFiles.length).toBeGreaterThan(2 * 2);
    expect(new Set(templateFiles.map((f) => basename(f))).size).toBe(templateFiles.length);
  });

  it('finds no error and no warning in any of them', () => {
    const real = findings.filter((f) => templateFiles.includes(f.file)).map((f) => `${basename(f.file)}:${f.line} ${f.rule} ${f.message}`);
    expect(real).toEqual([]);
  });

  it('catches a runtime Lambda does not have', () => {
    expect(of(join(brokenDir, 'bad-runtime.template.json')).map((f) => f.rule)).toContainEqual(expect.stringMatching(/^E/));
  });

  it('catches a timeout beyond Lambda\'s 900 s', () => {
    expect(of(join(brokenDir, 'bad-timeout.template.json')).map((f) => f.rule)).toContainEqual(expect.stringMatching(/^E/));
  });

  it('catches a GetAtt of an attribute the resource does not have', () => {
    expect(of(join(brokenDir, 'missing-attribute.template.json')).map((f) => f.rule)).toContain('E1010');
  });
});

describe('nested stack parameters', () => {
  it('every nested stack is given exactly the parameters its template declares', () => {
    for (const stack of stacks) {
      for (const nested of nestedStackFiles(stack)) {
        const given = read(join(outdir, nested.parentFile)).Resources[nested.resourceId].Properties.Parameters as Json | undefined;
        expect(nestedParameterMismatches(given, read(join(outdir, nested.templateFile))), nested.path).toEqual({ extra: [], missing: [] });
      }
    }
  });

  const workersParameters = () => {
    const workers = nestedStackFiles(stacks[0]!).find((n) => n.path.endsWith('/Workers'))!;
    return { resource: read(parentFile).Resources[workers.resourceId].Properties.Parameters as Json, template: read(workersFile) };
  };

  it('catches a parameter the nested template does not declare', () => {
    const { resource, template } = workersParameters();
    expect(nestedParameterMismatches({ ...resource, referencetoSomethingRemoved: 'x' }, template)).toEqual({ extra: ['referencetoSomethingRemoved'], missing: [] });
  });

  it('catches a declared parameter the parent does not pass', () => {
    const { resource, template } = workersParameters();
    const [dropped, ...kept] = Object.keys(resource);
    expect(nestedParameterMismatches(Object.fromEntries(kept.map((k) => [k, resource[k]])), template)).toEqual({ extra: [], missing: [dropped] });
  });
});
