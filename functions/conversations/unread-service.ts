/**
 * A message still unread 10 minutes after it was sent goes to its recipient by e-mail, in their
 * language, with the start of the text and the link to the thread: at most once per conversation,
 * recipient and hour. Each stored message leaves a due item on its minute (keys.ts "unread due");
 * the every-minute conversation-unread job reads only the minutes since its last run, so its work
 * is proportional to the messages sent. Once: the e-mail sits behind a once-only marker per
 * (conversation, recipient, hour), so a second run, a retry or a second message that hour sends nothing more.
 * The recipient is the side's owner: the tutor, or the family's account (the parent for a child).
 */
import { conversationUnreadEmail } from '../notifications/templates.js';
import { getProfile } from '../profiles/service.js';
import { config } from '../shared/config.js';
import { sendEmail } from '../shared/email.js';
import { advanceJobCursor, readJobCursor } from '../shared/job-cursor.js';
import { doOnce } from '../shared/once.js';
import { otherSide, type ConversationItem, type Side, type UnreadDueItem } from './keys.js';
import * as repository from './repository.js';
import { maskContactDetails } from './rules.js';
import { dueMinutesToRead, quoteOf, stillUnread, unreadHour } from './unread-rules.js';

export const CONVERSATION_UNREAD_JOB = 'conversation-unread';

const ownerOfSide = (c: ConversationItem, side: Side) => (side === 'family' ? c.familyId : c.tutorId);
const nameOfSide = (c: ConversationItem, side: Side) => (side === 'family' ? c.familyName : c.tutorName);

/** One due message: e-mailed when still unread (once per conversation, recipient and hour). True when an e-mail went. */
async function tellIfUnread(minute: string, due: UnreadDueItem, now: Date): Promise<boolean> {
  const [conversation, side] = await Promise.all([repository.getConversation(due.conversationId), repository.getSide(due.conversationId, due.recipientSide)]);
  if (!conversation || !stillUnread(due.sentAt, side)) return false;
  const recipientId = ownerOfSide(conversation, due.recipientSide);
  const [reader, message] = await Promise.all([getProfile(recipientId), repository.getMessage(due.conversationId, due.sentAt, due.messageId)]);
  if (!reader || !message) return false;
  // Contact details stay hidden in the e-mail as in the thread until the pair has a paid lesson.
  const text = conversation.contactsShared ? message.text : maskContactDetails(message.text).text;
  const email = conversationUnreadEmail(reader, nameOfSide(conversation, otherSide(due.recipientSide)), quoteOf(text), due.conversationId, config.appOrigin);
  return doOnce(`conversation-unread#${due.conversationId}#${recipientId}#${unreadHour(minute)}`, () => sendEmail(email), now);
}

/** The job's run at `now`: every message due in the minutes since its last run. Safe to run twice. */
export async function notifyUnreadMessages(now: Date): Promise<{ minutes: number; due: number; emailed: number }> {
  const minutes = dueMinutesToRead(await readJobCursor(CONVERSATION_UNREAD_JOB), now);
  let due = 0;
  let emailed = 0;
  for (const minute of minutes) {
    for await (const page of repository.unreadDueAt(minute)) {
      for (const item of page) {
        if (await tellIfUnread(minute, item, now)) emailed += 1;
        await repository.deleteUnreadDue(minute, item);
        due += 1;
      }
    }
  }
  await advanceJobCursor(CONVERSATION_UNREAD_JOB, now);
  return { minutes: minutes.length, due, emailed };
}
