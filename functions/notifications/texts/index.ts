/** The e-mail texts in a reader's language: their saved profile language, English when none is saved. */
import { DEFAULT_LANGUAGE, type Language } from '../../../events/shared/language.js';
import { en } from './en.js';
import { sw } from './sw.js';
import type { EmailTexts } from './types.js';

export type { EmailTexts, ReminderLead } from './types.js';

const CATALOGS: Record<Language, EmailTexts> = { en, sw };

export const emailTexts = (language: Language | undefined): EmailTexts => CATALOGS[language ?? DEFAULT_LANGUAGE];
