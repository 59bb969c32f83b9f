/**
 * Households against the emulators over HTTP: a parent adds, lists, changes and removes their
 * children; every learner route is scoped to the caller's household (another parent's ids answer
 * 404, never 403); students and tutors cannot use them; bad input is refused with its message and
 * writes nothing; a household holds at most 10 learners, also when adds race.
 */
import { describe, expect, it } from 'vitest';
import { api, callApi, createUser, expectOk, type TestUser } from '../support/api.js';
import { getItem } from '../support/fixtures.js';
import type { LearnerDetailsInput } from '../../functions/households/contract.js';

const amani: LearnerDetailsInput = {
  firstName: 'Amani', lastName: 'Mwangi', curriculum: 'cbc', grade: 'cbc-grade-7', school: 'Riara Springs', subjects: ['Mathematics', 'Kiswahili'],
};
const zawadi: LearnerDetailsInput = { firstName: 'Zawadi', lastName: 'Mwangi', curriculum: '8-4-4', grade: '844-form-4', subjects: ['Chemistry'] };

const add = (parent: TestUser, body: LearnerDetailsInput) => callApi('addLearner', { token: parent.accessToken, body });
const list = async (parent: TestUser) => (await expectOk(callApi('listLearners', { token: parent.accessToken }), 'list')).learners;

describe('a parent\'s learners', () => {
  it('adds two children and lists them, oldest first, with what was entered', async () => {
    const parent = await createUser('parent');
    expect(await list(parent)).toEqual([]);
    const first = await add(parent, amani);
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Child added.');
    await expectOk(add(parent, zawadi), 'second');
    const learners = await list(parent);
    expect(learners).toHaveLength(2);
    expect(learners[0]).toMatchObject({ id: first.body.learner.id, firstName: 'Amani', curriculum: 'cbc', grade: 'cbc-grade-7', school: 'Riara Springs', subjects: ['Mathematics', 'Kiswahili'] });
    expect(learners[1]).toMatchObject({ firstName: 'Zawadi', curriculum: '8-4-4', grade: '844-form-4', subjects: ['Chemistry'] });
    expect(learners[1]).not.toHaveProperty('school');
    // Kept under the household: the parent's own user id.
    expect(await getItem(`HOUSEHOLD#${parent.userId}`, `LEARNER#${first.body.learner.id}`)).toMatchObject({ firstName: 'Amani' });
  });

  it('changes a child\'s details (an emptied school is removed) and removes a child', async () => {
    const parent = await createUser('parent');
    const { learner } = await expectOk(add(parent, amani), 'add');
    const changed = await callApi('updateLearner', {
      token: parent.accessToken, params: { learnerId: learner.id },
      body: { ...amani, firstName: 'Amani Jr', grade: 'cbc-grade-8', school: '', subjects: ['Physics'] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.learner).toMatchObject({ id: learner.id, firstName: 'Amani Jr', grade: 'cbc-grade-8', subjects: ['Physics'], createdAt: learner.createdAt });
    expect(changed.body.learner).not.toHaveProperty('school');
    expect((await expectOk(callApi('getLearner', { token: parent.accessToken, params: { learnerId: learner.id } }), 'get')).learner.firstName).toBe('Amani Jr');

    expect((await callApi('removeLearner', { token: parent.accessToken, params: { learnerId: learner.id } })).status).toBe(204);
    expect(await list(parent)).toEqual([]);
    // Removed twice: not there any more.
    expect((await callApi('removeLearner', { token: parent.accessToken, params: { learnerId: learner.id } })).status).toBe(404);
    // A late edit of a removed child does not bring it back.
    expect((await callApi('updateLearner', { token: parent.accessToken, params: { learnerId: learner.id }, body: amani })).status).toBe(404);
    expect(await list(parent)).toEqual([]);
  });

  it('answers another parent 404 on every route with the first parent\'s learner ids, and changes nothing', async () => {
    const [first, other] = await Promise.all([createUser('parent'), createUser('parent')]);
    const { learner } = await expectOk(add(first, amani), 'add');
    const params = { learnerId: learner.id };
    const answers = [
      await callApi('getLearner', { token: other.accessToken, params }),
      await callApi('updateLearner', { token: other.accessToken, params, body: { ...amani, firstName: 'Mallory' } }),
      await callApi('removeLearner', { token: other.accessToken, params }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.error).toMatchObject({ code: 'not_found', message: 'Child not found' });
    }
    expect(await list(other)).toEqual([]);
    expect(await list(first)).toEqual([expect.objectContaining({ id: learner.id, firstName: 'Amani' })]);
    // Nor did the failed edit create the learner in the other household.
    expect(await getItem(`HOUSEHOLD#${other.userId}`, `LEARNER#${learner.id}`)).toBeUndefined();
  });

  it('is for parents: a student or a tutor is refused (403) on every learner route', async () => {
    const [parent, student, tutor] = await Promise.all([createUser('parent'), createUser('student'), createUser('tutor')]);
    const { learner } = await expectOk(add(parent, amani), 'add');
    for (const user of [student, tutor]) {
      const params = { learnerId: learner.id };
      expect((await callApi('listLearners', { token: user.accessToken })).status).toBe(403);
      expect((await callApi('addLearner', { token: user.accessToken, body: amani })).status).toBe(403);
      expect((await callApi('getLearner', { token: user.accessToken, params })).status).toBe(403);
      expect((await callApi('updateLearner', { token: user.accessToken, params, body: amani })).status).toBe(403);
      expect((await callApi('removeLearner', { token: user.accessToken, params })).status).toBe(403);
    }
    expect((await callApi('listLearners', {})).status).toBe(401);
    expect(await list(parent)).toHaveLength(1);
  });

  it('refuses bad details with their message (in Kiswahili when asked) and writes nothing', async () => {
    const parent = await createUser('parent');
    const refusals: Array<[LearnerDetailsInput, string]> = [
      [{ ...amani, firstName: '  ' }, 'Enter the first name'],
      [{ ...amani, lastName: 'x'.repeat(51) }, 'At most 50 characters'],
      [{ ...amani, curriculum: 'montessori' as 'cbc' }, 'Choose a curriculum'],
      [{ ...amani, grade: '844-form-2' }, 'Choose a grade of the chosen curriculum'],
      [{ ...amani, grade: 'grade-99' }, 'Choose a grade'],
      [{ ...amani, subjects: ['Astrology' as 'Physics'] }, 'Choose subjects from the list'],
      [{ ...amani, school: 's'.repeat(101) }, 'At most 100 characters'],
    ];
    for (const [body, message] of refusals) {
      const answer = await add(parent, body);
      expect(answer.status, message).toBe(400);
      expect(answer.error?.message).toBe(message);
    }
    const inSwahili = await api('/api/me/learners', { method: 'POST', token: parent.accessToken, body: { ...amani, grade: '844-form-2' }, headers: { 'accept-language': 'sw' } });
    expect(inSwahili.status).toBe(400);
    expect(inSwahili.body.error.message).toBe('Chagua darasa la mtaala uliochaguliwa');
    expect(await list(parent)).toEqual([]);
    expect(await getItem(`HOUSEHOLD#${parent.userId}`, 'HOUSEHOLD')).toBeUndefined();
  });

  it('holds at most 10 children, also when adds race, and makes room again after a removal', async () => {
    const parent = await createUser('parent');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => add(parent, { ...zawadi, firstName: `Child ${i + 1}` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual([422, 422]);
    expect(refused[0]!.error).toMatchObject({ code: 'learner_limit', message: 'A household can have at most 10 children.' });
    const learners = await list(parent);
    expect(learners).toHaveLength(10);
    expect(await getItem(`HOUSEHOLD#${parent.userId}`, 'HOUSEHOLD')).toMatchObject({ learnerCount: 10 });

    await expectOk(callApi('removeLearner', { token: parent.accessToken, params: { learnerId: learners[0]!.id } }), 'remove');
    expect((await add(parent, amani)).status).toBe(201);
    expect((await add(parent, amani)).status).toBe(422);
  });
});
