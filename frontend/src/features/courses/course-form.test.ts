import { describe, expect, it } from 'vitest';
import { courseMessages } from '@functions/courses/catalog';
import { checkCourseForm, EMPTY_COURSE_FORM } from './course-form';

const filled = { ...EMPTY_COURSE_FORM, title: 'Algebra', subject: 'Mathematics', level: 'secondary', category: 'KCSE Prep' };

describe('the course form', () => {
  it('sends an empty price as Free and numbers as numbers', () => {
    expect(checkCourseForm(filled)).toMatchObject({ ok: true, body: { price: null, durationWeeks: 4 } });
    expect(checkCourseForm({ ...filled, price: '1500.50' })).toMatchObject({ ok: true, body: { price: 1500.5 } });
  });

  it('names each field\'s problem with the API\'s texts', () => {
    const result = checkCourseForm({ ...filled, title: ' ', price: '-1', durationWeeks: '0' });
    expect(result).toEqual({
      ok: false,
      errors: { title: courseMessages.titleRequired, price: courseMessages.priceNumber, durationWeeks: courseMessages.durationWeeks },
    });
    expect(checkCourseForm({ ...filled, price: 'abc' })).toMatchObject({ ok: false, errors: { price: courseMessages.priceNumber } });
    expect(checkCourseForm({ ...filled, durationWeeks: '' })).toMatchObject({ ok: false, errors: { durationWeeks: courseMessages.durationWeeks } });
  });

  it('refuses a title over 120 characters with its own message instead of cutting it', () => {
    const long = 'A'.repeat(121);
    expect(checkCourseForm({ ...filled, title: long })).toMatchObject({ ok: false, errors: { title: courseMessages.titleTooLong } });
    expect(checkCourseForm({ ...filled, title: 'A'.repeat(120) })).toMatchObject({ ok: true, body: { title: 'A'.repeat(120) } });
  });
});
