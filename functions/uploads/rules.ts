/**
 * The upload rules, as pure functions shared by the API and the SPA
 * (no Node or AWS imports): size limit, allowed types per purpose, blocked extensions, file-name
 * sanitising, and the real type of a file from its first bytes. Messages are the product's wording.
 */

/** 10 MB for every upload. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The same limit as people read it (route summaries). */
export const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

export const UPLOAD_PURPOSES = ['profile-photo', 'kyc-document', 'course-material', 'message-attachment', 'homework-photo'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const SNIFFABLE_TYPES = [
  'image/jpeg', 'image/png', 'image/webp', 'application/pdf', 'video/mp4', 'video/webm',
] as const;
export type SniffedType = (typeof SNIFFABLE_TYPES)[number];

export const ALLOWED_CONTENT_TYPES: Record<UploadPurpose, readonly SniffedType[]> = {
  'profile-photo': ['image/jpeg', 'image/png', 'image/webp'],
  'kyc-document': ['image/jpeg', 'image/png', 'application/pdf'],
  'course-material': ['image/jpeg', 'image/png', 'application/pdf', 'video/mp4', 'video/webm'],
  /** Homework photos and worksheets in a conversation (HEIC is not taken: docs/decisions/2026-11-28-message-attachments.md). */
  'message-attachment': ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
  /** A photo of a learner's finished homework, attached to the lesson (functions/reports/homework.ts). */
  'homework-photo': ['image/jpeg', 'image/png', 'image/webp'],
};

/** Executable extensions refused on any dotted part of a name. */
export const BLOCKED_EXTENSIONS = ['exe', 'bat', 'cmd', 'scr', 'pif', 'com'] as const;

/** How people know each type: by its usual file ending, in the order they are offered. */
const TYPE_NAMES: Record<SniffedType, string> = {
  'application/pdf': 'PDF', 'image/jpeg': 'JPG', 'image/png': 'PNG', 'image/webp': 'WebP', 'video/mp4': 'MP4', 'video/webm': 'WebM',
};

/** "PDF, JPG or PNG": the types allowed for `purpose`, by name (every purpose allows at least two). */
export function allowedTypeNames(purpose: UploadPurpose): { types: string; last: string } {
  const names = (Object.keys(TYPE_NAMES) as SniffedType[]).filter((type) => ALLOWED_CONTENT_TYPES[purpose].includes(type)).map((type) => TYPE_NAMES[type]);
  return { types: names.slice(0, -1).join(', '), last: names.at(-1) ?? '' };
}

/**
 * The S3 object tag whose lifecycle rule deletes an object a set time after it was written with
 * it (the uploads bucket's `expire-reviewed-kyc` rule, infra/aws/constructs/uploads.ts).
 */
export const RETENTION_TAG = { key: 'alp-retention', reviewedKyc: 'kyc-reviewed' } as const;
/** Days a reviewed identity document is kept (context kycDocumentRetentionDays overrides it). */
export const DEFAULT_KYC_DOCUMENT_RETENTION_DAYS = 90;

export const uploadMessages = {
  tooLarge: 'File size must be less than 10MB',
  /**
   * What to choose instead, in the uploader's words (file endings), from the allowed list: the
   * declared type ("text/plain") and the bucket's name mean nothing to them. The server catalog
   * keys it as "That file type can't be used here. Choose a {types} or {last} file."
   */
  typeNotAllowed: (purpose: UploadPurpose) => {
    const { types, last } = allowedTypeNames(purpose);
    return `That file type can't be used here. Choose a ${types} or ${last} file.`;
  },
  securityRisk: 'File type not allowed for security reasons',
  empty: 'The file is empty',
} as const;

/** How the SPA words a failed profile photo upload around the API's reason. */
export const profilePhotoFailureMessage = (reason: string) => `Error uploading profile photo: ${reason}`;

/** The declared type without parameters, lower-case: "image/JPEG; x=1" → "image/jpeg". */
export function normalizeContentType(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

export function isAllowedType(purpose: UploadPurpose, contentType: string): boolean {
  return (ALLOWED_CONTENT_TYPES[purpose] as readonly string[]).includes(normalizeContentType(contentType));
}

/**
 * True when a part after the first dot (an extension, however deep: "photo.exe.png") is a blocked
 * one. Case, surrounding spaces and trailing dots do not hide it. Checks the last path segment.
 */
export function hasBlockedExtension(fileName: string): boolean {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const parts = base.split('.').slice(1);
  return parts.some((part) => (BLOCKED_EXTENSIONS as readonly string[]).includes(part.trim().toLowerCase()));
}

const MAX_NAME_LENGTH = 100;
const MAX_EXTENSION_LENGTH = 10;

function cleanPart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // é → e
    .replace(/[^A-Za-z0-9.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/\.{2,}/g, '.');
}

/**
 * Only letters, digits, dot and hyphen remain (anything else becomes '-', runs collapsed);
 * the extension is kept (lower-cased), the name is at most 100 characters and never empty, and
 * never starts or ends with a dot or hyphen (no hidden files, no "..").
 */
export function sanitizeFileName(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? '').trim();
  const dot = base.lastIndexOf('.');
  const hasExtension = dot > 0 && dot < base.length - 1;
  const trim = (s: string) => s.replace(/^[.-]+|[.-]+$/g, '');
  const extension = hasExtension
    ? trim(cleanPart(base.slice(dot + 1)).replace(/\./g, '')).toLowerCase().slice(0, MAX_EXTENSION_LENGTH)
    : '';
  const suffix = extension ? `.${extension}` : '';
  let stem = trim(cleanPart(hasExtension ? base.slice(0, dot) : base));
  stem = trim(stem.slice(0, MAX_NAME_LENGTH - suffix.length));
  return `${stem || 'file'}${suffix}`;
}

/** The real type of a file from its first bytes (at least 12 are needed for WebP and MP4), or null. */
export function sniffContentType(bytes: Uint8Array): SniffedType | null {
  const startsWith = (signature: readonly number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(ascii('RIFF')) && startsWith(ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(ascii('ftyp'), 4)) return 'video/mp4';
  if (startsWith([0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  return null;
}

/** "image/png" → "image". */
export const typeFamily = (contentType: string) => normalizeContentType(contentType).split('/')[0] ?? '';

export interface DeclaredUpload {
  fileName: string;
  contentType: string;
  size: number;
}

/**
 * Checks a file the client is about to upload; returns the product's message for the first rule it
 * breaks, or null. Order: executable names first (whatever they claim to be), then size, then type.
 */
export function checkDeclaredUpload(purpose: UploadPurpose, file: DeclaredUpload): string | null {
  if (hasBlockedExtension(file.fileName) || hasBlockedExtension(sanitizeFileName(file.fileName))) {
    return uploadMessages.securityRisk;
  }
  if (file.size <= 0) return uploadMessages.empty;
  if (file.size > MAX_UPLOAD_BYTES) return uploadMessages.tooLarge;
  if (!isAllowedType(purpose, file.contentType)) {
    return uploadMessages.typeNotAllowed(purpose);
  }
  return null;
}

/**
 * Checks an object after upload (the server never trusts the browser or the presigned policy
 * alone): size, and the type read from its bytes, which must be allowed for the purpose and of
 * the same family as the declared type. Returns the type to publish it with, or the message.
 */
export function checkStoredUpload(
  purpose: UploadPurpose,
  stored: { size: number; declaredType?: string; sniffedType: SniffedType | null },
): { ok: true; contentType: SniffedType } | { ok: false; message: string } {
  if (stored.size <= 0) return { ok: false, message: uploadMessages.empty };
  if (stored.size > MAX_UPLOAD_BYTES) return { ok: false, message: uploadMessages.tooLarge };
  const sniffed = stored.sniffedType;
  if (!sniffed || !isAllowedType(purpose, sniffed)) return { ok: false, message: uploadMessages.securityRisk };
  if (stored.declaredType && typeFamily(stored.declaredType) !== typeFamily(sniffed)) {
    return { ok: false, message: uploadMessages.securityRisk };
  }
  return { ok: true, contentType: sniffed };
}
