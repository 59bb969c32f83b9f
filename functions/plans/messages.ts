/** Plans' texts (Kiswahili in functions/shared/i18n/sw.json, keyed by these). */
export const planMessages = {
  dayOfWeek: 'Choose a day of the week',
  startTime: 'Choose a whole hour, for example 17:00',
  lessons: 'Choose between 1 and 40 lessons',
  noTerm: 'The school calendar has no term dates for this yet: choose a number of weeks',
  payment: 'Choose to pay by the month or for the whole term',
  noFreeLessons: 'None of these lessons is free: choose another day or time',
  idempotencyKey: 'Missing request key: reload the page and try again',
  planChanged: 'Some lessons are no longer free since you saw the dates: check them again before paying',
  notFound: 'Plan not found',
} as const;
