/** Plans' texts (Kiswahili in functions/shared/i18n/sw.json, keyed by these). */
export const planMessages = {
  dayOfWeek: 'Choose a day of the week',
  startTime: 'Choose a whole hour, for example 17:00',
  lessons: 'Choose between 1 and 40 lessons',
  noTerm: 'The school calendar has no term dates for this yet: choose a number of weeks',
} as const;
