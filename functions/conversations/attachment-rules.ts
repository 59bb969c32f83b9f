/**
 * Attachment rules (pure, unit-tested in attachment-rules.test.ts): which files a message may
 * carry, the thumbnail a photo travels with, where they are stored and how long a link works.
 * Why thumbnails are made by the sender's browser: docs/decisions/2026-11-28-message-attachments.md.
 */
import { checkStoredUpload, MAX_UPLOAD_BYTES, type SniffedType } from '../uploads/rules.js';

export const ATTACHMENT_PURPOSE = 'message-attachment' as const;
/** A thumbnail is a small picture: the thread shows it without downloading the photo. */
export const MAX_THUMBNAIL_BYTES = 200 * 1024;
/** The longest side, in pixels, of the thumbnail the browser draws. */
export const THUMBNAIL_SIZE = 320;
/** A signed link works for at least this long (it is signed on a fixed clock, see linkSigningDate). */
export const ATTACHMENT_LINK_SECONDS = 600;

export const attachmentMessages = {
  uploadAgain: 'The file was not found. Please attach it again.',
  badThumbnail: 'The preview picture could not be used. Please attach the photo again.',
  thumbnailForPdf: 'Only photos have a preview picture.',
} as const;

/** All of a conversation's files: a prefix to list or remove them by. */
export const conversationFilesPrefix = (conversationId: string) => `conversations/${conversationId}/`;
/** Where a message's file (and its thumbnail) are kept: one folder per message. */
export const attachmentKey = (conversationId: string, messageId: string, name: string) => `${conversationFilesPrefix(conversationId)}${messageId}/${name}`;
export const thumbnailKeyOf = (conversationId: string, messageId: string) => `${conversationFilesPrefix(conversationId)}${messageId}/thumbnail`;

/** "1712_homework.jpg" (a staging key's last part) → "homework.jpg", the name people see. */
export const shownName = (stagedName: string) => stagedName.replace(/^\d+_/, '');

export type AttachmentVerdict = { ok: true; contentType: SniffedType } | { ok: false; message: string };

/** The attached file itself: the upload rules (size, the type its bytes show) for message attachments. */
export function checkAttachment(stored: { size: number; declaredType?: string; sniffedType: SniffedType | null }): AttachmentVerdict {
  return checkStoredUpload(ATTACHMENT_PURPOSE, stored);
}

/** A thumbnail: a real JPEG, PNG or WebP picture of at most 200 KB, only beside a photo. */
export function checkThumbnail(attachmentType: SniffedType, stored: { size: number; sniffedType: SniffedType | null }): AttachmentVerdict {
  if (!attachmentType.startsWith('image/')) return { ok: false, message: attachmentMessages.thumbnailForPdf };
  const sniffed = stored.sniffedType;
  if (stored.size <= 0 || stored.size > MAX_THUMBNAIL_BYTES || !sniffed || !sniffed.startsWith('image/')) {
    return { ok: false, message: attachmentMessages.badThumbnail };
  }
  return { ok: true, contentType: sniffed };
}

/**
 * Links are signed as of the start of the current 10-minute window and valid for two windows:
 * the same link for ten minutes, so a thread read again shows the thumbnail from the browser's
 * cache instead of downloading it again under a new signature.
 */
export function linkSigningDate(now: Date): Date {
  const windowMs = ATTACHMENT_LINK_SECONDS * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

export { MAX_UPLOAD_BYTES };
