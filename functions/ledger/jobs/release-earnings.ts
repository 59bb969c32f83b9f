/**
 * The release job (definitions.schedules `ledger-release`): earnings whose dispute window has
 * ended by the run's scheduled time become available for payout. Works from the pending index,
 * so a retried or overlapping run releases nothing twice (each release is a conditional move).
 */
import { scheduledJob } from '../../shared/job.js';
import { releaseDueEarnings } from '../service.js';

export const handler = scheduledJob('ledger-release', async ({ scheduledTime }) => releaseDueEarnings(scheduledTime));
