import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: import.meta.dirname });

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('feature boundaries lint rule', () => {
  const inBookings = 'frontend/src/features/bookings/Example.ts';

  it("refuses another feature's internal file", async () => {
    const messages = await restrictedImports("import { tutorQuery } from '../tutors/public-api';\nexport { tutorQuery };\n", inBookings);
    expect(messages).toEqual([expect.stringContaining("through its index ('../tutors')")]);
  });

  it('refuses a deeper path into another feature', async () => {
    const messages = await restrictedImports("import { useMe } from '../../features/auth/useMe';\nexport { useMe };\n", inBookings);
    expect(messages).toHaveLength(1);
  });

  it("allows another feature's index, its stylesheet and the feature's own files", async () => {
    const code = "import { tutorQuery } from '../tutors';\nimport '../tutors/tutors.css';\nimport { listMessages } from './messages';\nexport { tutorQuery, listMessages };\n";
    expect(await restrictedImports(code, inBookings)).toEqual([]);
  });

  it('keeps shared code free of features', async () => {
    const messages = await restrictedImports("import { useMe } from '../features/auth';\nexport { useMe };\n", 'frontend/src/shared/Example.ts');
    expect(messages).toEqual([expect.stringContaining('Shared code must not depend on a feature.')]);
  });
});
