/**
 * A message still unread 10 minutes after it was sent goes to its recipient by the channel they
 * chose for unread messages (e-mail by default; SMS or WhatsApp through the channel router,
 * functions/messaging/notify.ts), in their language, with the start of the text and the link to
 * the thread: at most once per conversation, recipient and hour. Each stored message leaves a due item on its minute (keys.ts "unread due");
 * the every-minute conversation-unread job reads only the minutes since its last run, so its work
 * is proportional to the messages sent. Once: the router sends once per kind, subject and
 * recipient, and the subject is the conversation and the hour, so a second run, a retry or a
 * second message that hour sends nothing more (its claims expire with the router's records).
 * The recipient is the side's owner: the tutor, or the family's account (the parent for a child).
 */
import { conversationUnreadEmail } from '../notifications/templates.js';
import { getProfile } from '../profiles/service.js';
import { notify } from '../messaging/notify.js';
import { config } from '../shared/config.js';
import { advanceJobCursor, readJobCursor } from '../shared/job-cursor.js';
import { otherSide, type ConversationItem, type Side, type UnreadDueItem } from './keys.js';
import * as repository from './repository.js';
import { maskContactDetails } from './rules.js';
import { dueMinutesToRead, quoteOf, stillUnread, threadLink, unreadHour } from './unread-rules.js';

export const CONVERSATION_UNREAD_JOB = 'conversation-unread';

const ownerOfSide = (c: ConversationItem, side: Side) => (side === 'family' ? c.familyId : c.tutorId);
const nameOfSide = (c: ConversationItem, side: Side) => (side === 'family' ? c.familyName : c.tutorName);

/** One due message: told to its recipient when still unread (the router sends once per conversation, recipient and hour). True when told. */
async function tellIfUnread(minute: string, due: UnreadDueItem): Promise<boolean> {
  const [conversation, side] = await Promise.all([repository.getConversation(due.conversationId), repository.getSide(due.conversationId, due.recipientSide)]);
  if (!conversation || !stillUnread(due.sentAt, side)) return false;
  const recipientId = ownerOfSide(conversation, due.recipientSide);
  const [reader, message] = await Promise.all([getProfile(recipientId), repository.getMessage(due.conversationId, due.sentAt, due.messageId)]);
  if (!reader || !message) return false;
  // Contact details stay hidden in the e-mail as in the thread until the pair has a paid lesson.
  const text = conversation.contactsShared ? message.text : maskContactDetails(message.text).text;
  const senderName = nameOfSide(conversation, otherSide(due.recipientSide));
  const quote = quoteOf(text);
  await notify({
    kind: 'conversationUnread', subjectId: `${due.conversationId}#${unreadHour(minute)}`, recipient: reader,
    email: conversationUnreadEmail(reader, senderName, quote, due.conversationId, config.appOrigin),
    values: { senderName, quote, link: threadLink(due.conversationId, config.appOrigin) },
  });
  return true;
}

/** The job's run at `now`: every message due in the minutes since its last run. Safe to run twice. */
export async function notifyUnreadMessages(now: Date): Promise<{ minutes: number; due: number; told: number }> {
  const minutes = dueMinutesToRead(await readJobCursor(CONVERSATION_UNREAD_JOB), now);
  let due = 0;
  let told = 0;
  for (const minute of minutes) {
    for await (const page of repository.unreadDueAt(minute)) {
      for (const item of page) {
        if (await tellIfUnread(minute, item)) told += 1;
        await repository.deleteUnreadDue(minute, item);
        due += 1;
      }
    }
  }
  await advanceJobCursor(CONVERSATION_UNREAD_JOB, now);
  return { minutes: minutes.length, due, told };
}
