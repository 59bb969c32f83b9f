import { describe, expect, it } from 'vitest';
import { bodyOf, reportState, topicSuggestions, valuesOf } from './report-form';

describe('the report form', () => {
  it('leaves out what is not filled in, and a due date without homework', () => {
    const values = { ...valuesOf(undefined), topics: ['Fractions'], homework: { text: '  ', dueDate: '2026-12-05' } };
    expect(bodyOf(values)).toEqual({ topics: ['Fractions'] });
  });

  it('sends what is filled in, with the homework\'s due date', () => {
    const fields = { topics: ['Cells'], performance: 'confident' as const, homework: { text: 'Read 3.1', dueDate: '2026-12-05' }, nextSteps: 'Tissues.', privateNote: 'Tired.' };
    expect(bodyOf(valuesOf(fields))).toEqual(fields);
  });

  it('tells a report not written, a draft, a sent one and one changed since it was sent', () => {
    const report = { bookingId: 'b', revision: 2, working: { topics: [] }, updatedAt: '', approved: null };
    expect(reportState(null)).toBe('none');
    expect(reportState(report)).toBe('draft');
    const approved = { revision: 2, approvedAt: '', firstApprovedAt: '', fields: { topics: [] } };
    expect(reportState({ ...report, approved })).toBe('sent');
    expect(reportState({ ...report, revision: 3, approved })).toBe('changed');
  });

  it('suggests the subject\'s usual topics, then the general ones', () => {
    expect(topicSuggestions('Mathematics')[0]).toBe('topic.fractions');
    expect(topicSuggestions('Music')).toEqual(['topic.revision', 'topic.pastPapers', 'topic.homeworkHelp']);
  });
});
