/**
 * The refunds-due job (definitions.schedules `refunds-due`): asks payments for refunds that a
 * cancel or a tutor no-show made due but whose process died before the refund was recorded
 * (the sparse REFUNDDUE index, oldest first; cancel-service.ts askRefundsStillDue). Safe to run
 * twice or beside the request that wrote the marker: payments records one refund per payment.
 */
import { scheduledJob } from '../../shared/job.js';
import { askRefundsStillDue } from '../cancel-service.js';

export const handler = scheduledJob('refunds-due', async ({ scheduledTime }) => askRefundsStillDue(scheduledTime));
