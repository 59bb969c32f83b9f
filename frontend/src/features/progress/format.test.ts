import { describe, expect, it } from 'vitest';
import { plural, studyTimeText } from './format';

describe('dashboard wording', () => {
  it('Hours Studied: minutes under an hour, hours to a tenth above', () => {
    expect(studyTimeText(0)).toBe('0 h');
    expect(studyTimeText(1)).toBe('1 min');
    expect(studyTimeText(59)).toBe('59 min');
    expect(studyTimeText(60)).toBe('1 h');
    expect(studyTimeText(90)).toBe('1.5 h');
    expect(studyTimeText(1234)).toBe('20.6 h');
    expect(studyTimeText(60_000)).toBe('1,000 h');
  });

  it('counts in words', () => {
    expect(plural(1, 'day', 'days')).toBe('1 day');
    expect(plural(0, 'day', 'days')).toBe('0 days');
  });
});
