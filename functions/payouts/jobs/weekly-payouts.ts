/**
 * The weekly payout run (definitions.schedules `payouts-weekly`, Mondays 09:00 in Nairobi): every
 * eligible tutor's available balance is sent; the others are counted by reason in the job's log.
 */
import { scheduledJob } from '../../shared/job.js';
import { runWeeklyPayouts } from '../service.js';

export const handler = scheduledJob('payouts-weekly', async ({ scheduledTime }) => runWeeklyPayouts(scheduledTime));
