/**
 * Document types and qualifications in the active language (namespace `kyc-types`): small, and
 * apart from the KYC screens' catalog, because the admin dashboards show and search them too.
 */
import { useCallback } from 'react';
import { defineText, type TextLookup } from '../../../shared/i18n/text';
import { isDocumentType, type QualificationType } from '../kyc-rules';
import en from './i18n/en.json';

export const useKycTypesText = defineText('kyc-types', en, { sw: () => import('./i18n/sw.json') });
export type KycTypesMessage = Extract<keyof typeof en, string>;
export type KycTypesText = TextLookup<KycTypesMessage>;

export const QUALIFICATION_MESSAGES: Record<QualificationType, KycTypesMessage> = {
  'High School Diploma': 'qualification.highSchool',
  'Associate Degree': 'qualification.associate',
  "Bachelor's Degree": 'qualification.bachelor',
  "Master's Degree": 'qualification.master',
  'Doctorate (PhD)': 'qualification.doctorate',
  'Professional Certificate': 'qualification.professional',
  'Teaching License': 'qualification.teachingLicense',
  Other: 'qualification.other',
};

/** A qualification as stored (its English name), in the active language; an unknown one as it is. */
export const qualificationText = (value: string, t: KycTypesText): string =>
  value in QUALIFICATION_MESSAGES ? t(QUALIFICATION_MESSAGES[value as QualificationType]) : value;

/** "National ID Card", or "Academic Qualification (Master's Degree)", in the active language. */
export function documentTypeText(doc: { documentType: string; academicQualificationType?: string | undefined }, t: KycTypesText): string {
  const type = isDocumentType(doc.documentType) ? t(`type.${doc.documentType}`) : doc.documentType;
  return doc.academicQualificationType
    ? t('type.withQualification', { type, qualification: qualificationText(doc.academicQualificationType, t) })
    : type;
}

/** documentTypeText with the active language's catalog, for components. */
export function useDocumentTypeText(): (doc: Parameters<typeof documentTypeText>[0]) => string {
  const t = useKycTypesText();
  return useCallback((doc) => documentTypeText(doc, t), [t]);
}

/** qualificationText with the active language's catalog, for components. */
export function useQualificationText(): (value: string) => string {
  const t = useKycTypesText();
  return useCallback((value) => qualificationText(value, t), [t]);
}
