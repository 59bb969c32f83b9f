/**
 * The upload rules' texts in the active language, which the shared rules
 * (functions/kyc/catalog, uploads/rules) word in English (document types: types/text.ts). Beside the screens, not in kyc-rules, so the dashboard's chunk does not carry the catalog.
 */
import { kycMessages } from '@functions/kyc/catalog';
import { allowedTypeNames, uploadMessages } from '@functions/uploads/catalog';
import type { KycMessage, KycText } from './text';

/** The rules' static texts, by their English words. */
const RULE_MESSAGES = new Map<string, KycMessage>([
  [kycMessages.chooseTypeAndFile, 'messages.chooseTypeAndFile'],
  [kycMessages.qualificationTypeRequired, 'messages.qualificationTypeRequired'],
  [kycMessages.tooLarge, 'messages.tooLarge'],
  [kycMessages.uploadFailed, 'messages.uploadFailed'],
  [uploadMessages.securityRisk, 'messages.securityRisk'],
  [uploadMessages.empty, 'messages.empty'],
]);

/**
 * A problem found by kycFormProblem / kycFileProblem (about `file`), in the active language.
 * A text the catalog does not know (the API's or the storage's own words) is shown as it is.
 */
export function problemText(problem: string, file: { name: string; type: string } | null, t: KycText): string {
  const known = RULE_MESSAGES.get(problem);
  if (known) return t(known);
  if (problem === uploadMessages.typeNotAllowed('kyc-document')) return t('messages.typeNotAllowed', allowedTypeNames('kyc-document'));
  return problem;
}
