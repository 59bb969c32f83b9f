/**
 * How long a reviewed identity document's file is kept: the uploads bucket's lifecycle rule
 * deletes it `kycDocumentRetentionDays` (KYC_DOCUMENT_RETENTION_DAYS, by default
 * DEFAULT_KYC_DOCUMENT_RETENTION_DAYS) after the review rewrote it with the retention tag; the
 * document's record and its decision stay. From that moment the API signs no link to it: S3 may
 * delete it any time after (it rounds to the next midnight UTC), and a link would open S3's 404.
 */
import { DEFAULT_KYC_DOCUMENT_RETENTION_DAYS } from '../uploads/rules.js';

const DAY_MS = 86_400_000;

export function kycDocumentRetentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.KYC_DOCUMENT_RETENTION_DAYS);
  return env.KYC_DOCUMENT_RETENTION_DAYS !== undefined && Number.isInteger(n) && n >= 1 ? n : DEFAULT_KYC_DOCUMENT_RETENTION_DAYS;
}

/** When the file of a reviewed document is deleted (ISO); none while it awaits review. */
export function kycFileDeletedAt(doc: { reviewedAt?: string | undefined }, days = kycDocumentRetentionDays()): string | undefined {
  const reviewed = doc.reviewedAt ? Date.parse(doc.reviewedAt) : Number.NaN;
  return Number.isNaN(reviewed) ? undefined : new Date(reviewed + days * DAY_MS).toISOString();
}

/** The file is past its retention: deleted, or about to be; no link is signed for it. */
export function isKycFileDeleted(doc: { reviewedAt?: string | undefined }, now: Date = new Date(), days = kycDocumentRetentionDays()): boolean {
  const at = kycFileDeletedAt(doc, days);
  return at !== undefined && now.getTime() >= Date.parse(at);
}
