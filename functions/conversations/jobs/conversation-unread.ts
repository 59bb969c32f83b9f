/**
 * The conversation-unread job (definitions.schedules `conversation-unread`): every minute, e-mails
 * the recipients of messages still unread 10 minutes after sending (unread-service.ts).
 */
import { scheduledJob } from '../../shared/job.js';
import { CONVERSATION_UNREAD_JOB, notifyUnreadMessages } from '../unread-service.js';

export const handler = scheduledJob(CONVERSATION_UNREAD_JOB, async ({ scheduledTime }) => notifyUnreadMessages(scheduledTime));
