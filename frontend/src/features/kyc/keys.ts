/** Query keys of the signed-in tutor's KYC documents. */
export const kycKeys = {
  mine: ['kyc', 'mine'] as const,
};
