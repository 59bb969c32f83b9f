/** Conversations contract: shared by the API and the SPA. */
import * as z from 'zod';
import { userText } from '../shared/text.js';
import { attachmentMessages } from './attachment-rules.js';
import { conversationMessages, MAX_MESSAGE_LENGTH } from './rules.js';

export { conversationMessages, MAX_MESSAGE_LENGTH } from './rules.js';

const Id = z.string().min(1, conversationMessages.notFound).max(128, conversationMessages.notFound).regex(/^[A-Za-z0-9_-]+$/, conversationMessages.notFound);

export const ConversationParams = z.object({ conversationId: Id });

/** Start (or open) the conversation with a tutor, from their profile or from a booking. */
export const StartConversationRequest = z.object({
  tutorId: z.string().min(1, conversationMessages.tutorNotFound).max(128, conversationMessages.tutorNotFound).optional(),
  bookingId: z.string().min(1, conversationMessages.bookingNotFound).max(128, conversationMessages.bookingNotFound).optional(),
}).refine((r) => (r.tutorId === undefined) !== (r.bookingId === undefined), { message: conversationMessages.tutorOrBooking });
export type StartConversationRequest = z.input<typeof StartConversationRequest>;

const StagedKey = userText().trim().min(1, attachmentMessages.uploadAgain).max(1024, attachmentMessages.uploadAgain);

/** A file uploaded with an attachment ticket (its `key`), and for a photo the small preview uploaded beside it. */
export const AttachmentRef = z.object({ key: StagedKey, thumbnailKey: StagedKey.optional() });

export const SendMessageRequest = z.object({
  /** Made by the browser once per message typed: sending it again (a retry) stores nothing new. */
  clientId: z.string({ error: conversationMessages.clientIdInvalid }).regex(/^[A-Za-z0-9_-]{8,64}$/, conversationMessages.clientIdInvalid),
  /** Optional beside an attachment. */
  text: userText({ error: conversationMessages.textRequired }).trim().max(MAX_MESSAGE_LENGTH, conversationMessages.tooLong).optional(),
  attachment: AttachmentRef.optional(),
}).refine((r) => (r.text ?? '').length > 0 || r.attachment !== undefined, {
  message: conversationMessages.textRequired, path: ['text'],
});
export type SendMessageRequest = z.input<typeof SendMessageRequest>;

export const BlockRequest = z.object({ blocked: z.boolean({ error: 'Say whether to block' }) });
export type BlockRequest = z.input<typeof BlockRequest>;

export const ReportRequest = z.object({
  reason: userText({ error: conversationMessages.reasonRequired }).trim().min(3, conversationMessages.reasonRequired).max(500, 'At most 500 characters'),
});
export type ReportRequest = z.input<typeof ReportRequest>;

const Cursor = z.string().max(2000).regex(/^[A-Za-z0-9_-]*$/, 'This list has changed. Please reload.');
export const ListConversationsQuery = z.object({ cursor: Cursor.optional(), limit: z.coerce.number().int().min(1).max(50).optional() });
export type ListConversationsQuery = z.infer<typeof ListConversationsQuery>;
export const ThreadQuery = z.object({ before: Cursor.optional(), limit: z.coerce.number().int().min(1).max(50).optional() });
export type ThreadQuery = z.infer<typeof ThreadQuery>;

const Side = z.enum(['family', 'tutor']);

/** A conversation as one party sees it. */
export const Conversation = z.object({
  id: z.string(),
  /** Which party the caller is. */
  side: Side,
  tutor: z.object({ id: z.string(), name: z.string() }),
  family: z.object({ name: z.string() }),
  lastMessageAt: z.string(),
  /** The last message's first line (contact details hidden as in the thread). */
  preview: z.string().optional(),
  unread: z.number().int(),
  /** Contact details are shown (the pair has a paid lesson). */
  contactsShared: z.boolean(),
  blockedByMe: z.boolean(),
  blockedByThem: z.boolean(),
  /** When the other party last read the conversation: the caller's messages up to then show as read. */
  otherReadAt: z.string().optional(),
});
export type Conversation = z.infer<typeof Conversation>;

export const ChatMessage = z.object({
  id: z.string(),
  clientId: z.string(),
  side: Side,
  mine: z.boolean(),
  text: z.string(),
  sentAt: z.string(),
  /** Contact details in the text were hidden. */
  masked: z.boolean(),
  /** A photo or PDF; its links are signed for this reader and work for at least 10 minutes. */
  attachment: z.object({
    name: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    url: z.string(),
    /** Photos: a small preview picture (open `url` for the full size). */
    thumbnailUrl: z.string().optional(),
  }).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const ConversationResponse = z.object({ conversation: Conversation });
export type ConversationResponse = z.infer<typeof ConversationResponse>;
export const ConversationsResponse = z.object({ conversations: z.array(Conversation), nextCursor: z.string().optional() });
export type ConversationsResponse = z.infer<typeof ConversationsResponse>;
export const ThreadResponse = z.object({
  conversation: Conversation,
  /** Oldest first; `olderCursor` reads the page before them. */
  messages: z.array(ChatMessage),
  olderCursor: z.string().optional(),
});
export type ThreadResponse = z.infer<typeof ThreadResponse>;
export const SentResponse = z.object({
  sent: ChatMessage,
  /** Set when contact details were hidden: why. */
  message: z.string().optional(),
});
export type SentResponse = z.infer<typeof SentResponse>;

/**
 * What the page keeps up to date with: a version every new message, read receipt or block moves,
 * and the caller's unread total. Polled with If-None-Match (304 while unchanged); a pushed update
 * would carry the same object.
 */
export const InboxState = z.object({ version: z.number().int(), unread: z.number().int() });
export type InboxState = z.infer<typeof InboxState>;

export const ReportedResponse = z.object({ message: z.string() });
