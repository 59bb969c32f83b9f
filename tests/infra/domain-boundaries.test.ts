/**
 * Domains own their data: ESLint refuses an import of another domain's repository from any file
 * of a domain, however the relative path is spelled, and lets a domain use its own repositories
 * and another domain's service or keys.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function refusedImports(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('no domain imports another domain\'s repository', () => {
  it.each([
    ['functions/payments/service.ts', '../bookings/repository.js'],
    ['functions/payments/service.ts', '../tutors/availability-repository.js'],
    ['functions/payments/handlers/webhook.ts', '../../profiles/repository.js'],
    ['functions/kyc/service.ts', './../profiles/repository.js'],
    ['functions/kyc/service.ts', '../kyc/../profiles/repository'],
    ['functions/kyc/service.ts', '../profiles/./repository.ts'],
    ['functions/notifications/consumers/send.ts', '../../bookings/repository.js'],
    ['functions/admin/service.ts', '../../functions/profiles/repository.js'],
  ])('%s importing %s is refused', async (file, specifier) => {
    expect(await refusedImports(file, specifier)).toEqual([expect.stringContaining('through its service')]);
  });

  it.each([
    ['functions/payments/service.ts', './repository.js'],
    ['functions/tutors/service.ts', './availability-repository.js'],
    ['functions/payments/handlers/webhook.ts', '../repository.js'],
    ['functions/payments/repository.ts', '../bookings/keys.js'],
    ['functions/payments/service.ts', '../bookings/service.js'],
  ])('%s importing %s is allowed', async (file, specifier) => {
    expect(await refusedImports(file, specifier)).toEqual([]);
  });
});
