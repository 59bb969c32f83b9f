import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: import.meta.dirname });

// The first lint loads the whole config and its plugins: seconds on a busy machine, once.
beforeAll(() => eslint.lintText('export {};\n', { filePath: 'frontend/src/features/landing/Warm.tsx' }), 60_000);

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

describe('untranslated text lint rule', () => {
  const translated = 'frontend/src/features/landing/Example.tsx';
  const untranslated = async (code: string, filePath = translated) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'alp/no-untranslated-text');
  };

  it('refuses words written into a translated component: text, literal children and shown attributes', async () => {
    const code = [
      'export const A = () => <p title="Hello there">Sign In</p>;',
      "export const B = () => <p>{'Sign Out'}</p>;",
      'export const C = () => <input aria-label="Search" placeholder={`Find a tutor`} />;',
    ].join('\n');
    expect(await untranslated(code)).toHaveLength(5);
  });

  it('allows catalog lookups, punctuation and figures, and attributes nobody reads', async () => {
    const code = [
      "declare const t: (key: string) => string;",
      "export const A = () => <p title={t('hello')} className=\"hero stats\">{t('signIn')} · 2 – {'/'}</p>;",
    ].join('\n');
    expect(await untranslated(code)).toEqual([]);
  });

  it('applies only where the text is translated so far', async () => {
    expect(await untranslated('export const A = () => <p>Sign In</p>;', 'frontend/src/Example.tsx')).toEqual([]);
  });
});

describe('SPA ↔ backend boundary lint rule', () => {
  const inFeature = 'frontend/src/features/bookings/Example.ts';
  const refusals = async (code: string, filePath = inFeature) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'boundary/spa-backend-imports').map((m) => m.message);
  };

  it('allows contracts, catalogs, messages, the server\'s words and the typed client, through @functions/…', async () => {
    const code = [
      "import { BookingResponse } from '@functions/bookings/contract';",
      "import { SetPayoutDetailsRequest } from '@functions/payouts/recipient-contract';",
      "import { BOOKING_WINDOW_DAYS } from '@functions/tutors/catalog';",
      "import { QUIZ_SUBJECTS } from '@functions/ai/subjects-catalog';",
      "import { bookingMessages } from '@functions/bookings/messages';",
      "import { zodMessagesIn } from '@functions/shared/zod-messages';",
      "import sw from '@functions/shared/i18n/sw.json';",
      "import { isLanguage } from '@functions/shared/language';",
      "import { createClient } from '@functions/client';",
      'export { BookingResponse, SetPayoutDetailsRequest, BOOKING_WINDOW_DAYS, QUIZ_SUBJECTS, bookingMessages, zodMessagesIn, sw, isLanguage, createClient };',
    ].join('\n');
    expect(await refusals(code)).toEqual([]);
  });

  it.each([
    ['a rule module', "import { scoreProblem } from '@functions/progress/rules';"],
    ['a service', "import { tutorSlots } from '@functions/bookings/free-slots';"],
    ['keys', "import type { PayoutMethod } from '@functions/payouts/keys';"],
    ['a repository', "export { getBooking } from '@functions/bookings/repository';"],
    ['the route table', "const load = () => import('@functions/routes');\nexport { load };"],
  ])('refuses %s', async (_what, code) => {
    expect(await refusals(code)).toEqual([expect.stringContaining('may import from the backend only')]);
  });

  it('refuses a relative path into functions/, naming the alias to use', async () => {
    const messages = await refusals("import { bookingMessages } from '../../../../functions/bookings/messages';\nexport { bookingMessages };\n");
    expect(messages).toEqual([expect.stringContaining("'@functions/bookings/messages'")]);
  });

  it('applies to every SPA file and to nothing outside it', async () => {
    const code = "import { routes } from '../../functions/routes';\nexport { routes };\n";
    expect(await refusals(code, 'frontend/src/Example.ts')).toHaveLength(2);
    expect(await refusals(code, 'infra/Example.ts')).toEqual([]);
  });
});
