import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

// The first lint loads the whole config and its plugins: seconds on a busy machine, once.
beforeAll(() => eslint.lintText('export {};\n', { filePath: 'infra/aws/warm.ts' }), 60_000);

async function refused(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'alp-layers/import-layers').map((m) => m.message);
}
const importing = (specifier: string) => `import { x } from '${specifier}';\nexport const y = x;\n`;

describe('import layers lint rule', () => {
  it.each([
    ['infra/aws/stack.ts', '../local/sandboxes/index.js'],
    ['infra/aws/constructs/web.ts', '../../local/gateway/gateway.js'],
    ['infra/aws/integrations.ts', './../local/sandboxes/secrets.js'],
    ['infra/aws/app.ts', '../scripts/stack-environment.js'],
  ])('refuses the CDK app (%s) the local side or a script (%s)', async (file, specifier) => {
    expect(await refused(file, importing(specifier))).toEqual([expect.stringContaining('never loads the local emulation')]);
  });

  it('refuses a sandbox loaded lazily from the CDK app, as the provider registry once did', async () => {
    const code = "export const start = async () => (await import('../local/sandboxes/paystack/server.js')).startPaystackSandbox;\n";
    expect(await refused('infra/aws/integrations.ts', code)).toHaveLength(1);
  });

  it.each([
    ['events/index.ts', '../functions/shared/language.js'],
    ['events/shared/language.ts', '../../functions/routes.js'],
    ['events/index.ts', '../infra/aws/definitions.js'],
  ])('keeps events/ free of the product: %s importing %s', async (file, specifier) => {
    expect(await refused(file, importing(specifier))).toEqual([expect.stringContaining('events/ imports nothing of the product')]);
  });

  it.each([
    ['infra/aws/constructs/web.ts', '../../../frontend/src/shared/runtime-config.js'],
    ['infra/local/gateway/gateway.ts', '../../../frontend/src/shared/runtime-config.js'],
  ])('keeps infra out of the SPA: %s importing %s', async (file, specifier) => {
    expect(await refused(file, importing(specifier))).toEqual([expect.stringContaining('events/shared/')]);
  });

  it('allows what the layers are for: local → aws, scripts → local, everyone → events/shared, events → events', async () => {
    expect(await refused('infra/local/stack.ts', importing('../aws/integrations.js'))).toEqual([]);
    expect(await refused('infra/scripts/ledger-check.ts', importing('../local/settings.js'))).toEqual([]);
    expect(await refused('infra/aws/constructs/web.ts', importing('../../../events/shared/runtime-config.js'))).toEqual([]);
    expect(await refused('infra/aws/stack.ts', importing('../../functions/routes.js'))).toEqual([]);
    expect(await refused('events/index.ts', importing('./shared/language.js'))).toEqual([]);
    expect(await refused('infra/aws/stack.ts', importing('aws-cdk-lib'))).toEqual([]);
  });
});
