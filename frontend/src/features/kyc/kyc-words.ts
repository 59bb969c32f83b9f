/**
 * KYC's vocabulary in the active language (issue 15): document types, qualifications and the
 * upload rules' texts, which the shared rules (functions/kyc/catalog, uploads/rules) word in
 * English. Beside the screens, not in kyc-rules, so the dashboard's chunk does not carry the catalog.
 */
// Relative (not '@functions') so the unit tests, which run without the SPA's aliases, resolve them.
import { kycMessages } from '../../../../functions/kyc/catalog';
import { uploadMessages } from '../../../../functions/uploads/rules';
import { declaredContentType, isDocumentType, type QualificationType } from './kyc-rules';
import type { KycMessage, KycText } from './text';

export const QUALIFICATION_MESSAGES: Record<QualificationType, KycMessage> = {
  'High School Diploma': 'qualification.highSchool',
  'Associate Degree': 'qualification.associate',
  "Bachelor's Degree": 'qualification.bachelor',
  "Master's Degree": 'qualification.master',
  'Doctorate (PhD)': 'qualification.doctorate',
  'Professional Certificate': 'qualification.professional',
  'Teaching License': 'qualification.teachingLicense',
  Other: 'qualification.other',
};

const qualificationText = (value: string, t: KycText): string =>
  value in QUALIFICATION_MESSAGES ? t(QUALIFICATION_MESSAGES[value as QualificationType]) : value;

/** "National ID Card", or "Academic Qualification (Master's Degree)", in the active language. */
export function documentTypeText(doc: { documentType: string; academicQualificationType?: string | undefined }, t: KycText): string {
  const type = isDocumentType(doc.documentType) ? t(`type.${doc.documentType}`) : doc.documentType;
  return doc.academicQualificationType
    ? t('type.withQualification', { type, qualification: qualificationText(doc.academicQualificationType, t) })
    : type;
}

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
  const type = file ? declaredContentType(file) || 'unknown' : null;
  if (type && problem === uploadMessages.typeNotAllowed(type, 'kyc-document')) return t('messages.typeNotAllowed', { type });
  return problem;
}
