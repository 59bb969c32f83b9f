/**
 * Routes: a family's or a tutor's conversations, their threads, sending, reading, blocking and
 * reporting, and the inbox state the page polls. Entries are RouteDefs; functions/routes.ts
 * combines every domain's into the one table.
 */
import {
  BlockRequest, ConversationParams, ConversationResponse, ConversationsResponse, InboxState, ListConversationsQuery, ReportedResponse,
  ReportRequest, SendMessageRequest, SentResponse, StartConversationRequest, ThreadQuery, ThreadResponse,
} from './contract.js';
import type { RouteDef } from '../shared/route-def.js';
import { CreateUploadRequest, MAX_UPLOAD_MB, UploadTicket } from '../uploads/contract.js';
import { MESSAGES_PER_MINUTE } from './rules.js';

export const conversationsRoutes = {
  startConversation: {
    method: 'POST', path: '/api/conversations', handler: 'conversations/handlers/start-conversation', access: ['student', 'parent', 'tutor'],
    grants: ['table:read', 'table:write'],
    summary: 'Opens the conversation of a family (a household, by its parent, or an adult student) and a tutor: from the tutor\'s profile (tutorId; students and parents) or from a booking (bookingId; either side). 201 when made now, 200 when the pair already had one. At most 20 new conversations a day per user (429 with Retry-After).',
    body: StartConversationRequest, responses: { 200: ConversationResponse, 201: ConversationResponse }, errors: [404, 429],
  },
  listInboxConversations: {
    method: 'GET', path: '/api/conversations', handler: 'conversations/handlers/list-conversations', access: ['student', 'parent', 'tutor'],
    grants: ['table:read'],
    summary: 'The caller\'s conversations (a parent\'s include every conversation of their household), the most recent message first; cursor, limit (default 20, at most 50).',
    query: ListConversationsQuery, responses: { 200: ConversationsResponse },
  },
  getInbox: {
    method: 'GET', path: '/api/me/inbox', handler: 'conversations/handlers/get-inbox', access: ['student', 'parent', 'tutor'],
    grants: ['table:read'],
    summary: 'The caller\'s inbox state: a version that every new message, read receipt or block in their conversations moves, and their unread total. Sends an ETag; with If-None-Match of the current one it answers 304 without a body (the page polls this).',
    responses: { 200: InboxState },
  },
  getConversationThread: {
    method: 'GET', path: '/api/conversations/{conversationId}/messages', handler: 'conversations/handlers/get-thread', access: ['student', 'parent', 'tutor'],
    grants: ['table:read', 'table:write', 'uploads:read'],
    summary: 'A page of the conversation\'s messages, oldest first: the newest page, or the one before `before` (olderCursor of the page after it); limit default 30. Phone numbers, e-mail addresses, WhatsApp/Telegram links and M-Pesa till or paybill numbers are hidden until the pair has a paid lesson. Attachments carry signed links (and photos a thumbnail link) valid at least 10 minutes. 404 for anyone but its two parties.',
    params: ConversationParams, query: ThreadQuery, responses: { 200: ThreadResponse }, errors: [404],
  },
  sendConversationMessage: {
    method: 'POST', path: '/api/conversations/{conversationId}/messages', handler: 'conversations/handlers/send-message', access: ['student', 'parent', 'tutor'],
    grants: ['table:read', 'table:write', 'uploads:read', 'uploads:write', 'uploads:delete', 'conversations:push'],
    summary: 'Sends a message: text (at most 2,000 characters), an attachment (the key of an upload made with createConversationAttachmentUpload, and for a photo the key of its thumbnail; checked from its bytes: JPEG, PNG, WebP or PDF, thumbnail at most 200 KB), or both. clientId, made by the browser per message, makes a resend store nothing new (the first stored message is answered). Contact details are hidden until a paid lesson (`message` then says so). 403 when either side blocked the conversation; at most 30 messages a minute (429 with Retry-After).',
    params: ConversationParams, body: SendMessageRequest, responses: { 201: SentResponse }, errors: [403, 404, 429],
    rateLimit: { group: 'conversation-messages', per: 'user', limit: MESSAGES_PER_MINUTE, windowSeconds: 60 },
  },
  createConversationAttachmentUpload: {
    method: 'POST', path: '/api/conversations/{conversationId}/attachments', handler: 'conversations/handlers/create-attachment-upload', access: ['student', 'parent', 'tutor'],
    grants: ['table:read', 'uploads:write'],
    summary: `A presigned POST (JPEG, PNG, WebP or PDF, at most ${MAX_UPLOAD_MB} MB) into the caller's private staging area, to attach to a message in the conversation (also for a photo's thumbnail). 404 for anyone but its two parties.`,
    params: ConversationParams, body: CreateUploadRequest, responses: { 201: UploadTicket }, errors: [404],
  },
  markConversationRead: {
    method: 'POST', path: '/api/conversations/{conversationId}/read', handler: 'conversations/handlers/mark-read', access: ['student', 'parent', 'tutor'],
    grants: ['table:read', 'table:write', 'conversations:push'],
    summary: 'The caller has read the conversation: its unread count goes to 0 and the other party sees their messages as read.',
    params: ConversationParams, responses: { 204: null }, errors: [404],
  },
  blockConversation: {
    method: 'PUT', path: '/api/conversations/{conversationId}/block', handler: 'conversations/handlers/block-conversation', access: ['student', 'parent', 'tutor'],
    grants: ['table:read', 'table:write', 'conversations:push'],
    summary: 'Blocks (blocked: true) or unblocks the conversation from the caller\'s side; while blocked neither side can send.',
    params: ConversationParams, body: BlockRequest, responses: { 200: ConversationResponse }, errors: [404],
  },
  reportConversation: {
    method: 'POST', path: '/api/conversations/{conversationId}/report', handler: 'conversations/handlers/report-conversation', access: ['student', 'parent', 'tutor'],
    grants: ['table:read', 'table:write'],
    summary: 'Reports the conversation to the moderators with a reason; once per side (409 after).',
    params: ConversationParams, body: ReportRequest, responses: { 200: ReportedResponse }, errors: [404, 409],
  },
} as const satisfies Record<string, RouteDef>;
