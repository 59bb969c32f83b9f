/** What other features may use of KYC: the tutor dashboard's entry and the document vocabulary. */
export { KycBanner, KycTab } from './KycEntry';
export { documentStatusBadge, DOCUMENT_TYPE_LABELS, effectiveKycStatus, kycMessages, shortDate } from './kyc-rules';
export { myKycDocumentsQuery } from './kyc-api';
export { useDocumentTypeText, useQualificationText } from './types/text';
