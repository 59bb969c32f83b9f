/**
 * Conversations between a family (a household, by the parent who pays, or an adult student) and a
 * tutor: one per pair, started from the tutor's profile by the family or from a booking by either
 * side. Rules in rules.ts; keys in keys.ts. Contact details are hidden on the server until the
 * pair has a paid lesson; a block stops sending both ways; each change moves both parties' inbox
 * version, which the page polls (docs/decisions/2026-11-28-conversations-polling-now-websocket-next.md).
 */
import { randomUUID } from 'node:crypto';
import { getBooking, payerHasPaidLessonWith } from '../bookings/service.js';
import { getProfile } from '../profiles/service.js';
import { setReplyHours } from '../tutors/service.js';
import { decodeCursor, encodeCursor } from '../shared/cursor.js';
import { AccountSuspended, Conflict, Forbidden, NotFound, ValidationFailed } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import { enforceRateLimit } from '../shared/rate-limit.js';
import type {
  ChatMessage, Conversation, ConversationsResponse, InboxState, ListConversationsQuery, SendMessageRequest, StartConversationRequest, ThreadQuery,
  ThreadResponse,
} from './contract.js';
import { conversationIdOf, listPartition, MESSAGE_PREFIX, otherSide, reportsListStartKey, type ConversationItem, type MessageItem, type Side, type SideItem } from './keys.js';
import * as repository from './repository.js';
import { pushInboxStates } from './socket-push.js';
import { attachmentView, createAttachmentTicket, settleAttachment, storeAttachment } from './attachments.js';
import type { CreateUploadRequest, UploadTicket } from '../uploads/contract.js';
import {
  conversationMessages, LIST_PAGE_SIZE, maskContactDetails, NEW_CONVERSATIONS_PER_DAY, previewOf, replyWithinHours, THREAD_PAGE_SIZE,
} from './rules.js';
import { attachmentMessages } from './attachment-rules.js';

const DAY_SECONDS = 86_400;
const newConversationsLimit = { group: 'conversations-new', limit: NEW_CONVERSATIONS_PER_DAY, windowSeconds: DAY_SECONDS };


/**
 * Refuses a suspended account. Read from the profile, not the token: a token issued before the
 * suspension is still valid for up to an hour. One Get by key.
 */
async function refuseSuspended(user: AuthUser): Promise<void> {
  if ((await getProfile(user.id))?.suspension) throw new AccountSuspended(conversationMessages.suspended);
}

const isFamilyRole = (user: AuthUser) => user.role === 'student' || user.role === 'parent';

/**
 * The family a student or parent speaks for: a parent's household is their own id; a student
 * linked to a household (their profile names its parent) speaks for it; any other student for
 * themselves. One Get for a student, none for a parent.
 */
async function familyIdOf(user: AuthUser): Promise<string | null> {
  if (user.role === 'parent') return user.id;
  if (user.role !== 'student') return null;
  return (await getProfile(user.id))?.parentId ?? user.id;
}

/** Whose list and unread count the caller reads: the tutor's own, or their family's. */
export async function inboxOwnerOf(user: AuthUser): Promise<string> {
  return (isFamilyRole(user) ? await familyIdOf(user) : null) ?? user.id;
}

interface Party {
  side: Side;
  ownerId: string;
}

const ownerOfSide = (c: ConversationItem, side: Side) => (side === 'family' ? c.familyId : c.tutorId);

/** The caller's side of a conversation; "not found" for anyone else, as for an id that names nothing. */
async function partyIn(user: AuthUser, conversationId: string): Promise<{ conversation: ConversationItem; party: Party }> {
  const conversation = await repository.getConversation(conversationId);
  if (conversation) {
    if (user.id === conversation.tutorId) return { conversation, party: { side: 'tutor', ownerId: conversation.tutorId } };
    if (isFamilyRole(user) && (await familyIdOf(user)) === conversation.familyId) return { conversation, party: { side: 'family', ownerId: conversation.familyId } };
  }
  throw new NotFound(conversationMessages.notFound);
}

const fullName = (p: { firstName: string; lastName: string } | null | undefined) => (p ? `${p.firstName} ${p.lastName}`.trim() : '');

/** Whether contact details are shown: once the pair has a paid lesson (remembered on the conversation from then on). */
async function contactsSharedNow(conversation: ConversationItem): Promise<boolean> {
  if (conversation.contactsShared) return true;
  if (!(await payerHasPaidLessonWith(conversation.familyId, conversation.tutorId))) return false;
  await repository.setContactsShared(conversation.conversationId);
  return true;
}

function toConversation(c: ConversationItem, side: Side, mine: SideItem | null, other: SideItem | null, shared: boolean): Conversation {
  return {
    id: c.conversationId, side,
    tutor: { id: c.tutorId, name: c.tutorName },
    family: { name: c.familyName },
    lastMessageAt: mine?.lastMessageAt ?? c.createdAt,
    ...(mine?.preview ? { preview: mine.preview } : {}),
    unread: mine?.unread ?? 0,
    contactsShared: shared,
    blockedByMe: c.blockedBy?.includes(side) ?? false,
    blockedByThem: c.blockedBy?.includes(otherSide(side)) ?? false,
    ...(other?.lastReadAt ? { otherReadAt: other.lastReadAt } : {}),
  };
}

function toChatMessage(m: MessageItem, side: Side, shared: boolean): ChatMessage {
  const shown = shared ? { text: m.text, masked: false } : maskContactDetails(m.text);
  return { id: m.messageId, clientId: m.clientId, side: m.senderSide, mine: m.senderSide === side, text: shown.text, sentAt: m.sentAt, masked: shown.masked };
}

async function conversationFor(c: ConversationItem, side: Side, shared: boolean): Promise<Conversation> {
  const [mine, other] = await Promise.all([repository.getSide(c.conversationId, side), repository.getSide(c.conversationId, otherSide(side))]);
  return toConversation(c, side, mine, other, shared);
}

/** The pair a start names: a tutor (the caller is the family) or a booking (either of its sides). */
async function pairOf(user: AuthUser, input: StartConversationRequest): Promise<{ familyId: string; tutorId: string; side: Side }> {
  if (input.bookingId !== undefined) {
    const booking = await getBooking(input.bookingId);
    if (booking && booking.tutorId === user.id) return { familyId: booking.studentId, tutorId: booking.tutorId, side: 'tutor' };
    if (booking && isFamilyRole(user) && (await familyIdOf(user)) === booking.studentId) return { familyId: booking.studentId, tutorId: booking.tutorId, side: 'family' };
    throw new NotFound(conversationMessages.bookingNotFound);
  }
  if (!isFamilyRole(user)) throw new Forbidden('Only students and parents can start a conversation with a tutor.');
  const tutor = input.tutorId ? await getProfile(input.tutorId) : null;
  if (!tutor || tutor.role !== 'tutor' || tutor.id === user.id) throw new NotFound(conversationMessages.tutorNotFound);
  return { familyId: (await familyIdOf(user))!, tutorId: tutor.id, side: 'family' };
}

/**
 * Opens the pair's conversation, making it when there is none yet (at most 20 new ones a day per
 * caller; 429 after). `created` says which.
 */
export async function startConversation(user: AuthUser, input: StartConversationRequest, now = new Date()): Promise<{ conversation: Conversation; created: boolean }> {
  const { familyId, tutorId, side } = await pairOf(user, input);
  const conversationId = conversationIdOf(familyId, tutorId);
  const existing = await repository.getConversation(conversationId);
  if (existing) return { conversation: await conversationFor(existing, side, await contactsSharedNow(existing)), created: false };

  await refuseSuspended(user);
  await enforceRateLimit(newConversationsLimit, `user:${user.id}`, now);
  const [family, tutor] = await Promise.all([getProfile(familyId), getProfile(tutorId)]);
  const at = now.toISOString();
  const item: ConversationItem = { conversationId, familyId, tutorId, familyName: fullName(family), tutorName: fullName(tutor), createdAt: at };
  const sides: [SideItem, SideItem] = [
    { conversationId, side: 'family', ownerId: familyId, unread: 0, lastMessageAt: at },
    { conversationId, side: 'tutor', ownerId: tutorId, unread: 0, lastMessageAt: at },
  ];
  const created = await repository.createConversation(item, sides);
  const stored = created ? item : (await repository.getConversation(conversationId))!;
  return { conversation: await conversationFor(stored, side, await contactsSharedNow(stored)), created };
}

/** The caller's conversations, the most recent message first, a page at a time. */
export async function listConversations(user: AuthUser, query: ListConversationsQuery): Promise<ConversationsResponse> {
  const ownerId = await inboxOwnerOf(user);
  const partition = listPartition(ownerId);
  const startKey = query.cursor ? decodeCursor(query.cursor, 'conversations', partition) : undefined;
  const page = await repository.sidesOf(ownerId, query.limit ?? LIST_PAGE_SIZE, startKey);
  const conversations = new Map((await repository.getConversations(page.items.map((s) => s.conversationId))).map((c) => [c.conversationId, c]));
  return {
    conversations: page.items.flatMap((s) => {
      const c = conversations.get(s.conversationId);
      // The list shows what was stored when the message was sent (hidden details stay hidden in the preview).
      return c ? [toConversation(c, s.side, s, null, c.contactsShared ?? false)] : [];
    }),
    ...(page.lastKey ? { nextCursor: encodeCursor('conversations', page.lastKey) } : {}),
  };
}

const threadCursor = (sk: string) => Buffer.from(sk).toString('base64url');
function threadBefore(cursor: string): string {
  const sk = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!sk.startsWith(MESSAGE_PREFIX)) throw new ValidationFailed('This list has changed. Please reload.');
  return sk;
}

/** A page of the thread (the newest, or the one before `before`), oldest first, contact details hidden until a paid lesson. */
export async function thread(user: AuthUser, conversationId: string, query: ThreadQuery): Promise<ThreadResponse> {
  const { conversation, party } = await partyIn(user, conversationId);
  const [shared, page] = await Promise.all([
    contactsSharedNow(conversation),
    repository.messagesBefore(conversationId, query.limit ?? THREAD_PAGE_SIZE, query.before ? threadBefore(query.before) : undefined),
  ]);
  const oldest = page.items[page.items.length - 1];
  return {
    conversation: await conversationFor(conversation, party.side, shared),
    messages: (await Promise.all(page.items.map((m) => withAttachment(toChatMessage(m, party.side, shared), m)))).reverse(),
    ...(page.more && oldest ? { olderCursor: threadCursor(`${MESSAGE_PREFIX}${oldest.sentAt}#${oldest.messageId}`) } : {}),
  };
}

/**
 * Stores a message (once per client id: a resend answers with the message stored first) and
 * moves both parties' lists and inboxes. Refused when either side blocked the conversation.
 */
export async function sendMessage(user: AuthUser, conversationId: string, input: SendMessageRequest, now = new Date()): Promise<{ sent: ChatMessage; notice?: string }> {
  const { conversation, party } = await partyIn(user, conversationId);
  await refuseSuspended(user);
  if (conversation.blockedBy?.includes(otherSide(party.side))) throw new Forbidden(conversationMessages.blockedByOther);
  if (conversation.blockedBy?.includes(party.side)) throw new Forbidden(conversationMessages.blockedByYou);
  const shared = await contactsSharedNow(conversation);
  const text = (input.text ?? '').trim();
  const messageId = randomUUID();
  const resent = async () => {
    const earlier = await repository.messageOfClientId(conversationId, user.id, input.clientId);
    return earlier ? { sent: await withAttachment(toChatMessage(earlier, party.side, shared), earlier) } : null;
  };
  // A resend of a message with a file: the file was moved when it was first stored.
  const earlier = input.attachment ? await resent() : null;
  if (earlier) return earlier;
  const attachment = input.attachment ? await storeAttachment(user, conversationId, messageId, input.attachment) : undefined;
  if (attachment === null) {
    const meanwhile = await resent();
    if (meanwhile) return meanwhile;
    throw new NotFound(attachmentMessages.uploadAgain);
  }
  const message: MessageItem = {
    conversationId, messageId, clientId: input.clientId, senderId: user.id, senderSide: party.side, text, sentAt: now.toISOString(),
    ...(attachment ? { attachment } : {}),
  };
  const recipientSide = otherSide(party.side);
  const stored = await repository.storeMessage({
    message, senderOwnerId: party.ownerId, recipientOwnerId: ownerOfSide(conversation, recipientSide), recipientSide,
    preview: previewOf(text ? (shared ? text : maskContactDetails(text).text) : `📎 ${attachment?.name ?? ''}`),
  });
  if (attachment && input.attachment) await settleAttachment(input.attachment, attachment, stored.created);
  if (stored.created) await noteFirstReply(conversation, party.side, stored.message.sentAt, now);
  // Stored first, then pushed (a resend pushes again: the inbox state it carries is idempotent).
  await pushInboxStates(conversationId, [conversation.familyId, conversation.tutorId], now);
  const sent = await withAttachment(toChatMessage(stored.message, party.side, shared), stored.message);
  return { sent, ...(sent.masked ? { notice: conversationMessages.contactsHidden } : {}) };
}

/**
 * The tutor's response time: the family's first message starts the wait, the tutor's first
 * message ends it, and its duration joins the tutor's last 30 days' samples, whose median (in
 * whole hours, rounded up) profiles and browse cards show. Kept as messages arrive, never
 * computed on read. A conversation the tutor wrote in first has no wait to count.
 */
async function noteFirstReply(conversation: ConversationItem, side: Side, sentAt: string, now: Date): Promise<void> {
  if (conversation.firstReplyCounted) return;
  if (side === 'family') {
    if (!conversation.awaitingReplySince) await repository.markAwaitingReply(conversation.conversationId, sentAt);
    return;
  }
  const since = await repository.closeFirstReply(conversation);
  if (!since) return;
  const medianMs = await repository.addReplySample(conversation.tutorId, { at: since, ms: Math.max(0, Date.parse(sentAt) - Date.parse(since)) }, now);
  await setReplyHours(conversation.tutorId, medianMs === undefined ? undefined : replyWithinHours(medianMs));
}

/** A ticket to upload a photo or PDF into the conversation (the pair only: 404 for anyone else). */
export async function requestAttachmentUpload(user: AuthUser, conversationId: string, input: CreateUploadRequest): Promise<UploadTicket> {
  await partyIn(user, conversationId);
  return createAttachmentTicket(user, input);
}

const withAttachment = async (shown: ChatMessage, m: MessageItem): Promise<ChatMessage> => {
  const attachment = await attachmentView(m);
  return attachment ? { ...shown, attachment } : shown;
};

/** The caller has read the conversation: their unread goes to 0 and the other side sees the read time. */
export async function markRead(user: AuthUser, conversationId: string, now = new Date()): Promise<void> {
  const { conversation, party } = await partyIn(user, conversationId);
  for (let attempt = 0; attempt < 3; attempt++) {
    const side = await repository.getSide(conversationId, party.side);
    if (!side || side.unread === 0) return;
    // A message that arrived between the read and the write: read again, count again.
    if (await repository.markRead(side, ownerOfSide(conversation, otherSide(party.side)), now.toISOString())) {
      // The other side's read receipt and the reader's other tabs.
      return pushInboxStates(conversationId, [conversation.familyId, conversation.tutorId], now);
    }
  }
}

/** Blocks (or unblocks) the conversation from the caller's side. */
export async function setBlocked(user: AuthUser, conversationId: string, blocked: boolean): Promise<Conversation> {
  const { conversation, party } = await partyIn(user, conversationId);
  const others = (conversation.blockedBy ?? []).filter((s) => s !== party.side);
  const blockedBy = blocked ? [...others, party.side] : others;
  await repository.setBlockedBy(conversationId, blockedBy, [conversation.familyId, conversation.tutorId]);
  await pushInboxStates(conversationId, [conversation.familyId, conversation.tutorId]);
  return conversationFor({ ...conversation, blockedBy }, party.side, conversation.contactsShared ?? false);
}

/** Reports the conversation to the moderators (once per side). */
export async function report(user: AuthUser, conversationId: string, reason: string, now = new Date()): Promise<void> {
  const { party } = await partyIn(user, conversationId);
  const added = await repository.addReport(conversationId, { side: party.side, by: user.id, reason, at: now.toISOString() });
  if (!added) throw new Conflict('already_reported', conversationMessages.alreadyReported);
}

/** The caller's inbox: its version (the ETag) and unread total. */
export async function inboxState(user: AuthUser): Promise<InboxState> {
  return repository.inboxOf(await inboxOwnerOf(user));
}

// ---- Moderation: super admins, through admin/moderation-service.ts (which audits each read) ----

const reportsCursor = (gsi2sk: string) => Buffer.from(gsi2sk).toString('base64url');
function reportsStartKey(cursor: string): Record<string, string> {
  const key = reportsListStartKey(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!key) throw new ValidationFailed('This list has changed. Please reload.');
  return key;
}

/** Conversations with an open report, the newest report first, a page at a time (one Query of the sparse list). */
export async function reportedConversations(query: { cursor?: string; limit?: number }): Promise<{ conversations: ConversationItem[]; nextCursor?: string }> {
  const page = await repository.openReports(query.limit ?? LIST_PAGE_SIZE, query.cursor ? reportsStartKey(query.cursor) : undefined);
  return { conversations: page.items, ...(page.after ? { nextCursor: reportsCursor(page.after) } : {}) };
}

/**
 * A page of a reported conversation's thread as a moderator reads it: as written (nothing masked:
 * what was reported is what is judged), oldest first. Only a conversation someone reported:
 * 404 for any other, so moderation never opens a private conversation nobody asked about.
 */
export async function moderationThread(conversationId: string, query: ThreadQuery): Promise<{ conversation: ConversationItem; messages: ChatMessage[]; olderCursor?: string }> {
  const conversation = await repository.getConversation(conversationId);
  if (!conversation?.reports?.length) throw new NotFound(conversationMessages.reportNotFound);
  const page = await repository.messagesBefore(conversationId, query.limit ?? THREAD_PAGE_SIZE, query.before ? threadBefore(query.before) : undefined);
  const oldest = page.items[page.items.length - 1];
  const shown = (m: MessageItem) => withAttachment({ ...toChatMessage(m, m.senderSide, true), mine: false }, m);
  return {
    conversation,
    messages: (await Promise.all(page.items.map(shown))).reverse(),
    ...(page.more && oldest ? { olderCursor: threadCursor(`${MESSAGE_PREFIX}${oldest.sentAt}#${oldest.messageId}`) } : {}),
  };
}

/** A moderator closes the conversation's open reports (404 when it has none open). */
export async function closeReports(admin: AuthUser, conversationId: string, now = new Date()): Promise<ConversationItem> {
  const conversation = await repository.getConversation(conversationId);
  if (!conversation?.reports?.length) throw new NotFound(conversationMessages.reportNotFound);
  if (!(await repository.closeReports(conversationId, admin.id, now.toISOString()))) throw new Conflict('report_closed', conversationMessages.reportClosed);
  return conversation;
}
