/** Money and zone display for the SPA: the one helper the e-mails use too. */
// Relative (not '@functions') so the unit tests, which run without the SPA's aliases, resolve it.
export { compactAmount, formatMoney, ksh, kshPerHour, zoneName } from '../../../functions/shared/display';
