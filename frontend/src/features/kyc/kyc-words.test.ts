import { i18n } from '@lingui/core';
import { afterAll, describe, expect, it } from 'vitest';
import { kycMessages } from '@functions/kyc/catalog';
import { uploadMessages } from '@functions/uploads/catalog';
import { startInLanguage, switchLanguage } from '../../shared/i18n/language';
import { kycFileProblem, kycFormProblem, shortDate } from './kyc-rules';
import { problemText } from './kyc-words';
import { useKycText, type KycText } from './text';
import { documentTypeText, useKycTypesText, type KycTypesText } from './types/text';

const t: KycText = (key, values) => i18n._(useKycText.id(key), values);
const types: KycTypesText = (key, values) => i18n._(useKycTypesText.id(key), values);
const exe = { name: 'setup.exe', type: 'application/x-msdownload', size: 10 };
const gif = { name: 'photo.gif', type: 'image/gif', size: 10 };
const big = { name: 'id.pdf', type: 'application/pdf', size: 11 * 1024 * 1024 };

describe('KYC words', () => {
  afterAll(() => startInLanguage('en'));

  it('in English, read exactly as the shared rules word them', () => {
    startInLanguage('en');
    for (const file of [exe, gif, big]) {
      const problem = kycFileProblem(file)!;
      expect(problemText(problem, file, t)).toBe(problem);
    }
    const missing = kycFormProblem({ documentType: '', qualificationType: '', file: null })!;
    expect(problemText(missing, null, t)).toBe(kycMessages.chooseTypeAndFile);
    expect(problemText(kycMessages.uploadFailed, null, t)).toBe(kycMessages.uploadFailed);
    expect(problemText(uploadMessages.empty, null, t)).toBe(uploadMessages.empty);
    expect(documentTypeText({ documentType: 'academic_qualification', academicQualificationType: "Master's Degree" }, types))
      .toBe("Academic Qualification (Master's Degree)");
    expect(shortDate('2026-11-16T10:00:00Z')).toBe('16 Nov 2026');
  });

  it('in Kiswahili, come from the catalog; a text it does not know stays as it is', async () => {
    await switchLanguage('sw', { remember: false });
    expect(problemText(kycFileProblem(big)!, big, t)).toBe('Faili ni kubwa mno: Tafadhali chagua faili iliyo chini ya MB 10.');
    expect(problemText(kycFileProblem(gif)!, gif, t)).toBe('Aina hiyo ya faili haiwezi kutumika hapa. Chagua faili ya PDF, JPG au PNG.');
    expect(problemText('The upload timed out. Please try again.', big, t)).toBe('The upload timed out. Please try again.');
    expect(documentTypeText({ documentType: 'academic_qualification', academicQualificationType: "Master's Degree" }, types))
      .toBe('Sifa ya Kitaaluma (Shahada ya Uzamili)');
    expect(shortDate('2026-08-16T10:00:00Z')).toBe('16 Ago 2026');
  });
});
