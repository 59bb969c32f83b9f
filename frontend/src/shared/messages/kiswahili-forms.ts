/**
 * What a form needs to speak Kiswahili, one chunk fetched only by Kiswahili readers
 * (server-messages.ts, when a form's fields first render): the server's catalog, for the texts of
 * the shared zod contracts, and zod's own messages in Kiswahili, the texts zod writes where a
 * contract names none ("Too big: expected string to have <=60 characters"), which are the API's
 * (functions/shared/zod-messages.ts).
 */
import type { I18n } from '@lingui/core';
import type { $ZodConfig, $ZodRawIssue } from 'zod/v4/core';
import catalog from '@functions/shared/i18n/sw.json';
import { translator, type Translate } from '@functions/shared/message-catalog';
import { zodIssueInSwahili } from '@functions/shared/zod-messages';

export const translate = translator(catalog);

/**
 * The object z.config() writes, which zod keeps on globalThis (so copies of zod share it). Set here
 * rather than through z.config() because importing zod would make every page that can show a form
 * field name zod's chunk beside this one in its first load; kiswahili-forms.test.ts checks it is the same.
 */
export const zodConfig = (): $ZodConfig => ((globalThis as { __zod_globalConfig?: $ZodConfig }).__zod_globalConfig ??= {});

/**
 * zod's error map in Kiswahili while `i18n` speaks it (asked at each check: after a switch back to
 * English it answers nothing and zod's English messages stand). zod consults it only where a schema
 * has no message of its own, so the contracts' texts (translated where shown, fields.tsx) and the
 * forms' own stay.
 */
export function installZodMessages(i18n: Pick<I18n, 'locale'>): void {
  zodConfig().customError = (issue: $ZodRawIssue) => (i18n.locale === 'sw' ? zodIssueInSwahili(issue) : undefined);
}

/** What server-messages.ts takes from this chunk: zod's messages installed, and the catalog's translator. */
export function formsInKiswahili(i18n: Pick<I18n, 'locale'>): Translate {
  installZodMessages(i18n);
  return translate;
}
