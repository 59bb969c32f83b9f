/**
 * The reply-times job (definitions.schedules `reply-times`): daily, recomputes the response time
 * of the tutors whose oldest first-reply sample left the 30-day window (reply-times-service.ts).
 */
import { scheduledJob } from '../../shared/job.js';
import { REPLY_TIMES_JOB, refreshExpiredReplyTimes } from '../reply-times-service.js';

export const handler = scheduledJob(REPLY_TIMES_JOB, async ({ scheduledTime }) => refreshExpiredReplyTimes(scheduledTime));
