/**
 * A message's photo or PDF from the browser: checked when picked (the API's own type and size
 * rules, worded in the page's catalog), a photo's 320 px JPEG thumbnail drawn here (the server
 * only checks it: docs/decisions/2026-11-28-message-attachments.md), then both sent to private
 * staging through presigned POSTs with progress. The message then carries their keys; the server
 * checks the bytes again before the message is stored.
 */
import { MAX_THUMBNAIL_BYTES, THUMBNAIL_SIZE } from '@functions/conversations/catalog';
import type { SendMessageRequest } from '@functions/conversations/contract';
import { ALLOWED_CONTENT_TYPES, MAX_UPLOAD_BYTES, normalizeContentType } from '@functions/uploads/catalog';
import { callApi } from '../../shared/api';
import { postToPresignedUrl } from '../../shared/presigned-upload';

const PURPOSE = 'message-attachment';

/** What a message carries: the staged file's key and a photo's thumbnail key. */
export type AttachmentRef = NonNullable<SendMessageRequest['attachment']>;
const TYPE_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', pdf: 'application/pdf',
};

/** The file input's `accept`: the allowed types plus extensions for pickers that only know those. */
export const ATTACH_ACCEPT = [...ALLOWED_CONTENT_TYPES[PURPOSE], ...Object.keys(TYPE_BY_EXTENSION).map((e) => `.${e}`)].join(',');

/** The type to declare: what the browser says, or (some phone pickers say nothing) what the extension implies. */
export function declaredType(file: { name: string; type: string }): string {
  if (file.type) return normalizeContentType(file.type);
  const extension = /\.([^.]+)$/.exec(file.name.trim())?.[1]?.toLowerCase() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? '';
}

export type AttachmentProblem = 'type' | 'tooLarge' | 'empty';

/** Why a picked file cannot be attached (a catalog key of the page), or null. HEIC is refused as a type. */
export function attachmentProblem(file: { name: string; type: string; size: number }): AttachmentProblem | null {
  if (!(ALLOWED_CONTENT_TYPES[PURPOSE] as readonly string[]).includes(declaredType(file))) return 'type';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  if (file.size <= 0) return 'empty';
  return null;
}

export const isPhoto = (file: { name: string; type: string }) => declaredType(file).startsWith('image/');

/** The thumbnail's pixel size: the longest side THUMBNAIL_SIZE, never enlarged. */
export function thumbnailDimensions(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, THUMBNAIL_SIZE / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** JPEG qualities tried in turn until the thumbnail fits MAX_THUMBNAIL_BYTES. */
export const THUMBNAIL_QUALITIES = [0.82, 0.7, 0.55, 0.4, 0.25] as const;

/** The photo's thumbnail as a JPEG under MAX_THUMBNAIL_BYTES; null when the browser cannot decode the photo. */
export async function drawThumbnail(file: Blob): Promise<Blob | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const { width, height } = thumbnailDimensions(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  // JPEG has no transparency: a transparent PNG would turn black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  for (const quality of THUMBNAIL_QUALITIES) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (blob && blob.type === 'image/jpeg' && blob.size <= MAX_THUMBNAIL_BYTES) return blob;
  }
  return null;
}

/** Thrown when a photo's thumbnail cannot be drawn (an image the browser cannot read). */
export class ThumbnailError extends Error {
  constructor() {
    super('thumbnail');
    this.name = 'ThumbnailError';
  }
}

async function stage(conversationId: string, blob: Blob, fileName: string, contentType: string, onProgress: (f: number) => void, signal?: AbortSignal) {
  const ticket = await callApi('createConversationAttachmentUpload', {
    params: { conversationId }, body: { fileName, contentType, size: blob.size }, signal,
  });
  await postToPresignedUrl(ticket, blob, onProgress, signal);
  return ticket.key;
}

/**
 * Uploads the file (and a photo's thumbnail first, a small share of the progress) and answers the
 * reference a message carries. `onProgress` gets 0…1 over both.
 */
export async function uploadAttachment(conversationId: string, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<AttachmentRef> {
  const contentType = declaredType(file);
  if (!contentType.startsWith('image/')) return { key: await stage(conversationId, file, file.name, contentType, onProgress, signal) };
  const thumbnail = await drawThumbnail(file);
  if (!thumbnail) throw new ThumbnailError();
  const share = thumbnail.size / (thumbnail.size + file.size);
  const thumbnailKey = await stage(conversationId, thumbnail, 'thumbnail.jpg', 'image/jpeg', (f) => onProgress(f * share), signal);
  const key = await stage(conversationId, file, file.name, contentType, (f) => onProgress(share + f * (1 - share)), signal);
  return { key, thumbnailKey };
}

/** "2.4 MB", "180 KB": a file's size as people read it. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
