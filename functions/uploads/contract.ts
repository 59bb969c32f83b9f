/**
 * The upload API contract shared by the API and the SPA: ask for a ticket (a presigned POST into
 * a private staging area), post the file to S3 with it, then register the uploaded key with the
 * feature that uses it (profile photo now, KYC documents next), which re-checks the object.
 */
import * as z from 'zod';
import { userText } from '../shared/text.js';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from './rules.js';

/** What the SPA checks before it sends a file: the same rules and words the server applies (rules.ts). */
export { ALLOWED_CONTENT_TYPES, allowedTypeNames, checkDeclaredUpload, normalizeContentType, uploadMessages } from './rules.js';

export const CreateUploadRequest = z.object({
  fileName: userText().trim().min(1, 'A file name is required').max(255, 'The file name is too long'),
  contentType: userText().trim().min(1, 'A file type is required').max(255),
  /** Bytes, as the browser's File.size reports them. */
  size: z.number({ error: 'The file size is required' }).int().nonnegative(),
});
export type CreateUploadRequest = z.infer<typeof CreateUploadRequest>;

/**
 * A presigned POST: send `fields` then the file (field name `file`, last) as multipart/form-data
 * to `url`. The policy pins the key and the Content-Type and limits the size to 1..maxBytes.
 */
export const UploadTicket = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  /** The object's key; pass it back to register the upload. */
  key: z.string(),
  /** Seconds the ticket stays valid. */
  expiresIn: z.number(),
  maxBytes: z.number(),
});
export type UploadTicket = z.infer<typeof UploadTicket>;

/** Register an uploaded object (the `key` of its ticket) with the feature that uses it. */
export const RegisterUploadRequest = z.object({
  key: userText().trim().min(1, 'The upload key is required').max(1024),
});
export type RegisterUploadRequest = z.infer<typeof RegisterUploadRequest>;

export { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB };
