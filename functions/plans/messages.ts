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
  notPayer: 'Only the person who set this plan up can pay for it',
  noSuchInstalment: 'This plan has no such payment',
  instalmentPaid: 'This payment of the plan is already made',
  earlierUnpaid: 'Pay the earlier payment of this plan first',
  planHoldExpired: 'The lessons of this plan were held for 48 hours and are no longer held: set the plan up again',
  planPaid: 'Your plan is paid: its lessons are booked',
  termTooLong: 'A whole term paid at once can be at most 30 lessons: pay by the month instead',
} as const;
