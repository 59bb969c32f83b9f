import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { KycDocument } from '@functions/kyc/contract';
import { KycDocumentList } from './KycVerification';

beforeAll(() => i18n.activate('en'));
const render = (documents: KycDocument[]) => renderToStaticMarkup(<I18nProvider i18n={i18n}><KycDocumentList documents={documents} /></I18nProvider>);

const reviewed: KycDocument = {
  id: 'd1', tutorId: 't1', documentType: 'passport', fileName: 'passport.png', contentType: 'image/png', size: 10,
  status: 'approved', submittedAt: '2026-01-08T09:30:00.000Z', reviewedAt: '2026-01-10T09:30:00.000Z',
};

describe('the tutor\'s documents', () => {
  it('a file deleted after its retention: says when, keeps the decision, and offers no link', () => {
    const html = render([{ ...reviewed, fileDeletedAt: '2026-04-10T09:30:00.000Z' }]);
    expect(html).toContain('File deleted on');
    expect(html).toContain('The decision is kept.');
    expect(html).toContain('Approved');
    expect(html).not.toContain('<a ');
  });

  it('a kept file: its link, no deletion note', () => {
    const html = render([{ ...reviewed, fileUrl: 'https://files.example/passport.png' }]);
    expect(html).toContain('href="https://files.example/passport.png"');
    expect(html).not.toContain('File deleted');
  });
});
