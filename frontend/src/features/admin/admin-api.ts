/** Super admin calls: counters, users, transactions, pending KYC documents, reviews, role grants. */
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, TransactionStatusFilter } from '@functions/admin/contract';
import { callApi, reasonOf } from '../../shared/api';
import { useToast } from '../../shared/ui/toast';
import { reviewFailed, reviewSucceeded, type ReviewDecision } from './admin-rules';
import { adminKeys } from './keys';
import { useAdminText, useReviewTexts } from './text';

export const adminStatsQuery = () =>
  queryOptions({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => callApi('adminStats', { signal }),
  });

export const USERS_PAGE_SIZE = 20;

/** Users newest first, or those whose name or e-mail starts with `q`; pages behind "Load more". */
export const adminUsersQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.users(q),
    queryFn: ({ pageParam, signal }) =>
      callApi('adminUsers', { query: { limit: USERS_PAGE_SIZE, q, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor || undefined,
  });

export const adminTransactionsQuery = (limit = 5) =>
  queryOptions({
    queryKey: adminKeys.transactions(limit),
    queryFn: ({ signal }) => callApi('adminTransactions', { query: { limit }, signal }),
  });

export const TRANSACTIONS_PAGE_SIZE = 20;

/** Every transaction, newest first, optionally in one refund state; pages behind "Load more". */
export const adminTransactionsListQuery = (status?: TransactionStatusFilter) =>
  infiniteQueryOptions({
    queryKey: adminKeys.transactionsList(status),
    queryFn: ({ pageParam, signal }) =>
      callApi('adminTransactions', { query: { limit: TRANSACTIONS_PAGE_SIZE, status, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor || undefined,
  });

/** Paid lessons of one UTC day (default: today) with who joined them. */
export const adminLessonsQuery = (day?: string) =>
  queryOptions({
    queryKey: adminKeys.lessons(day),
    queryFn: ({ signal }) => callApi('adminLessons', { query: { day }, signal }),
  });

/** Newest first; each with a file link signed for 3600 s. Without a limit: the API's default (50). */
export const pendingKycQuery = (limit?: number) =>
  queryOptions({
    queryKey: adminKeys.pendingKyc(limit),
    queryFn: ({ signal }) => callApi('listPendingKyc', { query: { limit }, signal }),
  });

/** A fresh signed link to a document's file (the list's links expire an hour after it loaded). */
export const kycFileQuery = (documentId: string) =>
  queryOptions({
    queryKey: adminKeys.kycFile(documentId),
    queryFn: ({ signal }) => callApi('getKycDocumentFile', { params: { documentId }, signal }),
    staleTime: 30 * 60_000,
  });

export interface ReviewInput {
  documentId: string;
  decision: ReviewDecision;
  notes?: string;
}

/**
 * Approve or reject a document: toasts the product's texts, then every admin list and counter is
 * read again (the document leaves the pending lists; the tutor may now be verified).
 */
export function useKycReview() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const texts = useReviewTexts();
  return useMutation({
    mutationFn: ({ documentId, decision, notes }: ReviewInput) =>
      callApi('reviewKycDocument', {
        params: { documentId },
        body: { decision, ...(notes?.trim() ? { notes: notes.trim() } : {}) },
      }),
    onSuccess: (response, { decision }) => toast.success(reviewSucceeded(decision, response.message, texts)),
    onError: (error, { decision }) => toast.error(reviewFailed(decision, error, texts)),
    // Also after a failure: a 409 means someone else reviewed it, so the lists are stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useGrantSuperAdmin() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const t = useAdminText();
  return useMutation({
    mutationFn: (user: AdminUser) =>
      callApi('grantSuperAdmin', { params: { userId: user.id } }),
    onSuccess: ({ user }) => toast.success(t('grant.done', { name: `${user.firstName} ${user.lastName}` })),
    onError: (error, user) => toast.error(t('grant.failed', { name: `${user.firstName} ${user.lastName}`, reason: reasonOf(error) })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Open problem payments, newest first, behind "Load more". */
export const paymentProblemsQuery = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.paymentProblems,
    queryFn: ({ pageParam, signal }) =>
      callApi('listPaymentProblems', { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor || undefined,
  });

/** Marks a problem payment resolved with a note; the list is read again either way (409: someone else did). */
export function useResolvePaymentProblem() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ reference, note }: { reference: string; note: string }) =>
      callApi('resolvePaymentProblem', { params: { reference }, body: { note: note.trim() } }),
    onSuccess: ({ message }) => toast.success(message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.paymentProblems }),
  });
}

/** Refunds a listed payment in full with the admin's reason (audited); the list then shows the refund. */
export function useRefundTransaction() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ reference, reason }: { reference: string; reason: string }) =>
      callApi('refundTransaction', { params: { reference }, body: { reason } }),
    onSuccess: ({ message }) => toast.success(message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** The newest privacy audit records (deletions, and super admins' reads of households). */
export const privacyAuditQuery = () =>
  queryOptions({
    queryKey: adminKeys.privacyAudit,
    queryFn: ({ signal }) => callApi('adminPrivacyAudit', { signal }),
  });

/**
 * A parent's household by e-mail. Each call is an audited read of children's data, so it runs
 * only on the admin's search (never refetched behind their back), and the audit is read again.
 */
export function useFindHousehold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => callApi('adminFindHousehold', { query: { email } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.privacyAudit }),
  });
}

export const MODERATION_PAGE_SIZE = 20;

/** Conversations with an open report, newest first; pages behind "Load more". */
export const moderationReportsQuery = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.moderationReports,
    queryFn: ({ pageParam, signal }) => callApi('moderationReports', { query: { limit: MODERATION_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor || undefined,
  });

/**
 * A reported conversation's messages. Each call is an audited read, so it runs only when the
 * admin opens it (a mutation, never refetched behind their back), and the audit is read again.
 */
export function useReadReportedConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) => callApi('moderationThread', { params: { conversationId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.privacyAudit }),
  });
}

export function useCloseReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) => callApi('closeModerationReport', { params: { conversationId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.moderationReports }),
  });
}

export function useSetSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, suspended, reason }: { userId: string; suspended: boolean; reason?: string }) =>
      callApi('setUserSuspension', { params: { userId }, body: { suspended, ...(reason ? { reason } : {}) } }),
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.moderationReports }),
      queryClient.invalidateQueries({ queryKey: adminKeys.privacyAudit }),
    ]),
  });
}
