import { describe, expect, it } from 'vitest';
import { LearnerDetails } from './contract.js';

const valid = { firstName: ' Amani ', lastName: 'Mwangi', curriculum: 'cbc', grade: 'cbc-grade-7', school: '', subjects: ['Mathematics', 'Mathematics'] } as const;
const firstIssue = (input: unknown) => LearnerDetails.safeParse(input).error?.issues[0];

describe('learner details', () => {
  it('trims names, treats an empty school as none and keeps each subject once', () => {
    expect(LearnerDetails.parse(valid)).toEqual({ firstName: 'Amani', lastName: 'Mwangi', curriculum: 'cbc', grade: 'cbc-grade-7', subjects: ['Mathematics'] });
  });

  it('takes a grade only with its own curriculum, and says so on the grade field', () => {
    expect(firstIssue({ ...valid, curriculum: '8-4-4' })).toMatchObject({ path: ['grade'], message: 'Choose a grade of the chosen curriculum' });
    expect(LearnerDetails.parse({ ...valid, curriculum: '8-4-4', grade: '844-form-3' }).grade).toBe('844-form-3');
  });

  it('takes subjects of interest only from the tutors\' subject list, at most 10', () => {
    expect(firstIssue({ ...valid, subjects: ['Astrology'] })?.message).toBe('Choose subjects from the list');
    const eleven = ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'English', 'Kiswahili', 'French', 'History', 'Geography', 'Music', 'Economics'];
    expect(firstIssue({ ...valid, subjects: eleven })?.message).toBe('Choose at most 10 subjects');
  });

  it('needs both names', () => {
    expect(firstIssue({ ...valid, firstName: '   ' })).toMatchObject({ path: ['firstName'], message: 'Enter the first name' });
    expect(firstIssue({ ...valid, lastName: undefined })).toMatchObject({ path: ['lastName'], message: 'Enter the last name' });
  });
});

