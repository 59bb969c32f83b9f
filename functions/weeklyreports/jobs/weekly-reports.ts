/**
 * The weekly progress report run (definitions.schedules `weekly-reports`, Sundays 18:00 in
 * Nairobi): each learner marked active in the week it reports (rules.reportWeekAt) gets one
 * report, sent to their payer; safe to run twice (once per learner and week).
 */
import { scheduledJob } from '../../shared/job.js';
import { sendWeeklyReports } from '../sending.js';

export const handler = scheduledJob('weekly-reports', async ({ scheduledTime }) => sendWeeklyReports(scheduledTime));
