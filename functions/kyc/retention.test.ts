import { describe, expect, it } from 'vitest';
import { isKycFileDeleted, kycDocumentRetentionDays, kycFileDeletedAt } from './retention.js';

describe('KYC file retention', () => {
  it('keeps a reviewed file 90 days by default, or the configured number of days', () => {
    expect(kycDocumentRetentionDays({})).toBe(90);
    expect(kycDocumentRetentionDays({ KYC_DOCUMENT_RETENTION_DAYS: '30' })).toBe(30);
    for (const bad of ['', '0', '-5', '1.5', 'ninety']) expect(kycDocumentRetentionDays({ KYC_DOCUMENT_RETENTION_DAYS: bad })).toBe(90);
  });

  it('deletes the file the retention after the review; a document awaiting review keeps it', () => {
    const reviewed = { reviewedAt: '2026-01-10T09:30:00.000Z' };
    expect(kycFileDeletedAt(reviewed, 90)).toBe('2026-04-10T09:30:00.000Z');
    expect(kycFileDeletedAt({}, 90)).toBeUndefined();
    expect(isKycFileDeleted({}, new Date('2030-01-01T00:00:00Z'), 90)).toBe(false);
  });

  it('stops offering the file from the moment it may be deleted, not a second later', () => {
    const reviewed = { reviewedAt: '2026-01-10T09:30:00.000Z' };
    expect(isKycFileDeleted(reviewed, new Date('2026-04-10T09:29:59.999Z'), 90)).toBe(false);
    expect(isKycFileDeleted(reviewed, new Date('2026-04-10T09:30:00.000Z'), 90)).toBe(true);
    expect(isKycFileDeleted(reviewed, new Date('2026-01-11T09:30:00Z'), 1)).toBe(true);
  });
});
