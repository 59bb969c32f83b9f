/**
 * The upload pre-checks and their messages for the SPA, without zod (contract.ts holds the
 * schemas): the tutor dashboard's KYC banner and photo upload load this and not the zod runtime.
 */
export {
  ALLOWED_CONTENT_TYPES, allowedTypeNames, checkDeclaredUpload, MAX_UPLOAD_BYTES, normalizeContentType, uploadMessages,
} from './rules.js';
