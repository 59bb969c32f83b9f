import { describe, expect, it } from 'vitest';
import { kycMessages, reviewNotesProblem } from './catalog.js';
import { ReviewKycRequest } from './contract.js';

describe('ReviewKycRequest', () => {
  it('needs notes to reject (blank ones do not count), not to approve', () => {
    for (const notes of [undefined, '', '   \n']) {
      const parsed = ReviewKycRequest.safeParse({ decision: 'reject', ...(notes === undefined ? {} : { notes }) });
      expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['notes'], message: kycMessages.rejectionNeedsReason })]);
      expect(reviewNotesProblem('reject', notes)).toBe(kycMessages.rejectionNeedsReason);
    }
    expect(ReviewKycRequest.parse({ decision: 'reject', notes: ' Blurred scan ' })).toEqual({ decision: 'reject', notes: 'Blurred scan' });
    expect(ReviewKycRequest.safeParse({ decision: 'approve' }).success).toBe(true);
    expect(reviewNotesProblem('approve', '')).toBeNull();
  });

  it('refuses notes that are not valid text', () => {
    expect(ReviewKycRequest.safeParse({ decision: 'reject', notes: 'bad \ud800' }).success).toBe(false);
  });
});
