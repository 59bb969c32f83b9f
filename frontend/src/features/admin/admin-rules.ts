/**
 * Pure rules of the admin screens (super admin and admin dashboards, review texts):
 * the pending-documents search, review toasts, and the weekly chart's scale. Unit-tested.
 */
import { BOOKING_STATUSES } from '@functions/bookings/catalog';
import type { PendingKycDocument } from '@functions/kyc/contract';
import { DOCUMENT_TYPE_LABELS, kycMessages } from '@functions/kyc/catalog';
import { ApiError } from '../../shared/api';
import { dateFormat } from '../../shared/when';

/**
 * Every state a status badge can be sent (each has words in both catalogs, `status.<state>`):
 * a payment attempt's and a transaction's (ours and Paystack's), a lesson's (BOOKING_STATUSES).
 */
export const KNOWN_STATUSES: ReadonlySet<string> = new Set([
  'success', 'failed', 'abandoned', 'pending', 'ongoing', 'processing', 'queued', 'reversed', 'initialized', 'amount_mismatch',
  'duplicate', 'needs_refund', 'paid', 'refunded', ...BOOKING_STATUSES,
]);

export type ReviewDecision = 'approve' | 'reject';

type Searchable = Pick<PendingKycDocument, 'documentType' | 'tutor'> & { academicQualificationType?: string | undefined };

/**
 * The KYC tab's search: by the tutor's first or last name or the document type (its name as
 * shown in the active language, `shownType`; its English label; or its code). Case- and
 * accent-insensitive; every word must match something ("jane passport", "jane pasipoti").
 */
export function filterPendingDocuments<T extends Searchable>(documents: readonly T[], query: string, shownType?: (doc: T) => string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...documents];
  return documents.filter((doc) => {
    const fields = [
      doc.tutor.firstName, doc.tutor.lastName,
      DOCUMENT_TYPE_LABELS[doc.documentType] ?? '', doc.documentType.replace(/_/g, ' '),
      doc.academicQualificationType ?? '', shownType?.(doc) ?? '',
    ].map(fold);
    return words.every((word) => fields.some((field) => field.includes(word)));
  });
}

const fold = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

/**
 * When a document's file was deleted, from the file link's 410 `file_deleted` answer
 * (functions/kyc/retention.ts); undefined for any other outcome.
 */
export function fileDeletedAt(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 410 || error.code !== 'file_deleted') return undefined;
  const { fileDeletedAt: at } = (error.details ?? {}) as { fileDeletedAt?: unknown };
  return typeof at === 'string' ? at : new Date().toISOString();
}

/** The review toasts' own words: the product's English, or the SPA's catalog in the reader's language. */
export type ReviewTexts = Record<'approved' | 'rejected' | 'approveFailed' | 'rejectFailed', string>;

/** Review toasts: the API's success text, or "Failed to approve/reject KYC document" with its reason. */
export function reviewSucceeded(decision: ReviewDecision, serverMessage?: string, texts: ReviewTexts = kycMessages): string {
  return serverMessage || (decision === 'approve' ? texts.approved : texts.rejected);
}

export function reviewFailed(decision: ReviewDecision, error: unknown, texts: ReviewTexts = kycMessages): string {
  const base = decision === 'approve' ? texts.approveFailed : texts.rejectFailed;
  return error instanceof ApiError && error.fromServer ? `${base}: ${error.message}` : base;
}

/** The top of a chart axis: the smallest of 1, 2, 2.5, 5 × 10ⁿ at or above `max` (1 for an empty chart). */
export function niceCeiling(max: number): number {
  if (!(max > 0)) return 1;
  const base = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * base >= max * (1 - 1e-9)) ?? 10;
  return Math.round(step * base * 1e6) / 1e6;
}

/**
 * Bar heights (0…plotHeight) of a series against its nice ceiling (a non-zero value stays at
 * least 1 unit tall), and the axis ticks: 0, the middle and the top — for counts (`integer`)
 * only whole numbers, so an empty week axis reads 0 and 1, not 0.5.
 */
export function scaleSeries(
  values: readonly number[],
  plotHeight: number,
  { integer = false }: { integer?: boolean } = {},
): { top: number; heights: number[]; ticks: number[] } {
  const top = Math.max(integer ? 1 : 0, niceCeiling(Math.max(0, ...values.map((v) => (Number.isFinite(v) ? v : 0)))));
  const heights = values.map((v) => {
    if (!Number.isFinite(v) || v <= 0) return 0;
    return Math.max(1, (Math.min(v, top) / top) * plotHeight);
  });
  const ticks = [0, top / 2, top].filter((tick) => !integer || Number.isInteger(tick));
  return { top, heights, ticks };
}

/** A week's Monday ("2026-11-16") as "16 Nov" in the active language (short months: they fit under a bar). */
export function weekLabel(week: string): string {
  const date = new Date(`${week}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? week : dateFormat({ day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
}

