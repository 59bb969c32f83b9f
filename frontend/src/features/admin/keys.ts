/** Query keys of the admin views; a review or grant invalidates `all` (counters, lists, users). */
export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  users: (q: string) => ['admin', 'users', q] as const,
  transactions: (limit: number | undefined) => ['admin', 'transactions', limit] as const,
  pendingKyc: (limit: number | undefined) => ['admin', 'kyc', 'pending', limit ?? 'all'] as const,
  kycFile: (documentId: string) => ['admin', 'kyc', 'file', documentId] as const,
  paymentProblems: ['admin', 'payment-problems'] as const,
  lessons: (day: string | undefined) => ['admin', 'lessons', day ?? 'today'] as const,
  privacyAudit: ['admin', 'privacy-audit'] as const,
  moderationReports: ['admin', 'moderation', 'reports'] as const,
  transactionsList: (status: string | undefined) => ['admin', 'transactions', 'list', status ?? 'all'] as const,
};
