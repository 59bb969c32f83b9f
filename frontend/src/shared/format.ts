/**
 * Money, time and zone display for the SPA, in the active language: the shared
 * functions the e-mails use too (functions/shared/display.ts), with the language filled in.
 * A component re-renders on a language switch through its text hook (useLingui), so calling these
 * in render keeps numbers and words in the same language.
 */
import * as display from '@functions/shared/display';
import { activeLanguage } from './i18n/language';

export { compactAmount, compactNumber, zoneName } from '@functions/shared/display';

export const formatMoney = (value: number): string => display.formatMoney(value, activeLanguage());
export const ksh = (value: number): string => display.ksh(value, activeLanguage());
export const kshMinor = (amountMinor: number, currency = 'KES'): string => display.kshMinor(amountMinor, currency, activeLanguage());
export const kshPerHour = (rate: number): string => display.kshPerHour(rate, activeLanguage());
/** "in 2 hours" / "baada ya saa 2". */
export const relativeTime = (iso: string, now: Date = new Date()): string => display.relativeTime(iso, now, activeLanguage());
/** "Monday, 23 November 2026 at 09:00 (EAT)" / "Jumatatu, 23 Novemba 2026 saa 09:00 (EAT)". */
export const lessonTimeIn = (iso: string, timeZone: string): string => display.lessonTimeIn(iso, timeZone, activeLanguage());
