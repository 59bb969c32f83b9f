import { describe, expect, it } from 'vitest';
import {
  applyRatingChange, canEdit, editableUntil, featuredOnHomePage, firstNameOf, ratingChange, reviewerName, reviewRefusal,
} from './rules.js';

describe('rating aggregation', () => {
  it('adds a new review, moves by the difference on an edit, and takes a hidden review back out', () => {
    let figures = { ratingSum: 0, ratingCount: 0 };
    figures = applyRatingChange(figures, ratingChange(null, 4));
    figures = applyRatingChange(figures, ratingChange(null, 5));
    expect(figures).toEqual({ ratingSum: 9, ratingCount: 2 });
    figures = applyRatingChange(figures, ratingChange(4, 2)); // edited down
    expect(figures).toEqual({ ratingSum: 7, ratingCount: 2 });
    figures = applyRatingChange(figures, ratingChange(5, null)); // hidden
    expect(figures).toEqual({ ratingSum: 2, ratingCount: 1 });
    expect(ratingChange(3, 3)).toEqual({ sumDelta: 0, countDelta: 0 });
  });
});

describe('the 14-day edit window', () => {
  const createdAt = '2026-03-01T10:00:00.000Z';
  it('allows edits until 14 days after writing, not after', () => {
    expect(editableUntil(createdAt)).toBe('2026-03-15T10:00:00.000Z');
    expect(canEdit({ createdAt }, new Date('2026-03-15T09:59:59.999Z'))).toBe(true);
    expect(canEdit({ createdAt }, new Date('2026-03-15T10:00:00.000Z'))).toBe(false);
  });
  it('never allows editing a hidden review', () => {
    expect(canEdit({ createdAt, hidden: { by: 'a' } }, new Date('2026-03-02T00:00:00.000Z'))).toBe(false);
  });
});

describe('who may review', () => {
  const lesson = { studentId: 's1', status: 'completed', paymentStatus: 'paid' };
  it('is the student of a completed, paid lesson only', () => {
    expect(reviewRefusal(lesson, 's1')).toBeNull();
    expect(reviewRefusal(lesson, 's2')).toBe('not_yours');
    expect(reviewRefusal({ ...lesson, status: 'confirmed' }, 's1')).toBe('not_completed');
    expect(reviewRefusal({ ...lesson, paymentStatus: 'refunded' }, 's1')).toBe('not_completed');
  });
  it('names the reviewer by first name and initial', () => {
    expect(reviewerName('Amina', 'wanjiku')).toBe('Amina W.');
    expect(reviewerName('Amina', ' ')).toBe('Amina');
  });
});

describe('home page quotes', () => {
  const review = { homePageConsent: true, comment: 'Patient and clear.', rating: 5 };
  it('only with the author\'s consent, a comment, 4 or 5 stars, and not hidden', () => {
    expect(featuredOnHomePage(review)).toBe(true);
    expect(featuredOnHomePage({ ...review, rating: 4 })).toBe(true);
    expect(featuredOnHomePage({ ...review, homePageConsent: undefined })).toBe(false);
    expect(featuredOnHomePage({ ...review, homePageConsent: false })).toBe(false);
    expect(featuredOnHomePage({ ...review, comment: '  ' })).toBe(false);
    expect(featuredOnHomePage({ ...review, rating: 3 })).toBe(false);
    expect(featuredOnHomePage({ ...review, hidden: { by: 'admin' } })).toBe(false);
  });

  it('names the reviewer by first name only', () => {
    expect(firstNameOf('Amina W.')).toBe('Amina');
    expect(firstNameOf('Amina')).toBe('Amina');
  });
});
