/**
 * A message's photo or PDF. Files go browser → private staging (presigned POST, the uploads
 * path) → checked here from their bytes → conversations/{conversationId}/{messageId}/ (private);
 * only the pair (a parent for their household's learners) gets signed links, in the thread.
 * A photo travels with a thumbnail the sender's browser drew, so the thread never downloads the
 * photo to show it (docs/decisions/2026-11-28-message-attachments.md). Rules: attachment-rules.ts.
 */
import { ValidationFailed, Forbidden } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import { logger } from '../shared/logger.js';
import type { CreateUploadRequest, UploadTicket } from '../uploads/contract.js';
import { checkDeclaredUpload } from '../uploads/rules.js';
import {
  copyCheckedUpload, createUploadTicket, deleteObject, inspectUpload, isPreconditionFailed, keyName, signedDownloadUrl, stagingPrefix,
} from '../uploads/storage.js';
import {
  ATTACHMENT_LINK_SECONDS, ATTACHMENT_PURPOSE, attachmentKey, checkAttachment, checkThumbnail, conversationFilesPrefix,
  linkSigningDate, shownName, thumbnailKeyOf,
} from './attachment-rules.js';
import type { AttachmentRef, ChatMessage } from './contract.js';
import type { MessageItem } from './keys.js';
import * as repository from './repository.js';

type StoredAttachment = NonNullable<MessageItem['attachment']>;
type Ref = { key: string; thumbnailKey?: string | undefined };

/** A presigned POST into the caller's staging area (the caller is known to be one of the pair). */
export async function createAttachmentTicket(user: AuthUser, input: CreateUploadRequest): Promise<UploadTicket> {
  const problem = checkDeclaredUpload(ATTACHMENT_PURPOSE, input);
  if (problem) throw new ValidationFailed(problem);
  return createUploadTicket({ purpose: ATTACHMENT_PURPOSE, userId: user.id, ...input });
}

function ownStagedKey(user: AuthUser, key: string): void {
  const prefix = stagingPrefix(ATTACHMENT_PURPOSE, user.id);
  // Only one's own uploads can be attached: another user's key is refused outright.
  if (!key.startsWith(prefix) || key.slice(prefix.length).includes('/')) throw new Forbidden('You can only attach a file you uploaded yourself');
}

/**
 * Checks the staged file (and thumbnail) from their bytes and copies them under the message's
 * folder. Null when the staged file is gone: a send with the same client id already used it (the
 * caller then answers with that message). A refused file is deleted from staging.
 */
export async function storeAttachment(user: AuthUser, conversationId: string, messageId: string, ref: Ref): Promise<StoredAttachment | null> {
  ownStagedKey(user, ref.key);
  if (ref.thumbnailKey !== undefined) ownStagedKey(user, ref.thumbnailKey);
  const object = await inspectUpload(ref.key);
  if (!object) return null;
  const verdict = checkAttachment({ size: object.size, declaredType: object.storedType, sniffedType: object.sniffedType });
  if (!verdict.ok) {
    logger.info('Rejected message attachment', { userId: user.id, size: object.size, storedType: object.storedType, sniffedType: object.sniffedType });
    await Promise.all([deleteObject(ref.key), ...(ref.thumbnailKey ? [deleteObject(ref.thumbnailKey)] : [])]);
    throw new ValidationFailed(verdict.message);
  }
  const name = shownName(keyName(ref.key));
  const key = attachmentKey(conversationId, messageId, keyName(ref.key));
  let thumbnailKey: string | undefined;
  try {
    if (ref.thumbnailKey) {
      const thumb = await inspectUpload(ref.thumbnailKey);
      if (!thumb) return null;
      const thumbVerdict = checkThumbnail(verdict.contentType, thumb);
      if (!thumbVerdict.ok) {
        await deleteObject(ref.thumbnailKey);
        throw new ValidationFailed(thumbVerdict.message);
      }
      thumbnailKey = thumbnailKeyOf(conversationId, messageId);
      await copyCheckedUpload(ref.thumbnailKey, thumbnailKey, { contentType: thumbVerdict.contentType, cacheControl: 'private, max-age=86400', etag: thumb.etag });
    }
    await copyCheckedUpload(ref.key, key, { contentType: verdict.contentType, cacheControl: 'private, max-age=86400', etag: object.etag });
  } catch (error) {
    if (isPreconditionFailed(error)) throw new ValidationFailed('The file changed while it was being checked. Please attach it again.');
    // Gone meanwhile: a concurrent send of the same message used it.
    if ((error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
  return { key, name, contentType: verdict.contentType, size: object.size, ...(thumbnailKey ? { thumbnailKey } : {}) };
}

/**
 * After the message is written: its staged uploads go. When another send with the same client id
 * won, this send's copies go instead (that message keeps its own).
 */
export async function settleAttachment(ref: Ref, stored: StoredAttachment, kept: boolean): Promise<void> {
  const staged = [ref.key, ...(ref.thumbnailKey ? [ref.thumbnailKey] : [])];
  const copies = [stored.key, ...(stored.thumbnailKey ? [stored.thumbnailKey] : [])];
  await Promise.all((kept ? staged : copies).map(deleteObject));
}

/** The attachment as a reader sees it: name, type, size and signed links. */
export async function attachmentView(m: MessageItem, now = new Date()): Promise<ChatMessage['attachment']> {
  const a = m.attachment;
  if (!a) return undefined;
  const signedAt = linkSigningDate(now);
  const link = (key: string, name?: string) => signedDownloadUrl(key, ATTACHMENT_LINK_SECONDS * 2, name, 'inline', signedAt);
  const [url, thumbnailUrl] = await Promise.all([link(a.key, a.name), a.thumbnailKey ? link(a.thumbnailKey) : undefined]);
  return { name: a.name, contentType: a.contentType, size: a.size, url, ...(thumbnailUrl ? { thumbnailUrl } : {}) };
}

/**
 * Every conversation's file folder a user's data includes: the conversations of their list (a
 * parent's holds their household's). For the privacy export (listed with links) and the account
 * deletion job (removed: a conversation cannot go on with a deleted party).
 */
export async function attachmentPrefixesOf(ownerId: string): Promise<string[]> {
  const prefixes: string[] = [];
  let startKey: Parameters<typeof repository.sidesOf>[2];
  do {
    const page = await repository.sidesOf(ownerId, 100, startKey);
    prefixes.push(...page.items.map((s) => conversationFilesPrefix(s.conversationId)));
    startKey = page.lastKey;
  } while (startKey);
  return prefixes;
}

export type { AttachmentRef };
