/**
 * Consent records against the emulators: adding a child records the parent's consent (who, for
 * which learner, when, to which privacy policy version, how) in the same transaction as the
 * learner, so a refused add records none; only the household's parent reads them.
 */
import { describe, expect, it } from 'vitest';
import { callApi, createUser, expectOk } from '../support/api.js';
import { getItem } from '../support/fixtures.js';
import type { LearnerDetailsInput } from '../../functions/households/contract.js';

const zawadi: LearnerDetailsInput = { firstName: 'Zawadi', lastName: 'Otieno', curriculum: '8-4-4', grade: '844-form-4', subjects: ['Chemistry'] };

describe('consent records', () => {
  it('records the parent\'s consent when they add a child, and shows it to that parent only', async () => {
    const [parent, other, student] = await Promise.all([createUser('parent'), createUser('parent'), createUser('student')]);
    expect(await expectOk(callApi('listConsents', { token: parent.accessToken }), 'none yet')).toEqual({ consents: [], policyVersion: 'v1' });
    const { learner } = await expectOk(callApi('addLearner', { token: parent.accessToken, body: zawadi }), 'add');

    const { consents } = await expectOk(callApi('listConsents', { token: parent.accessToken }), 'consents');
    expect(consents).toEqual([{ learnerId: learner.id, parentId: parent.userId, consentedAt: learner.createdAt, policyVersion: 'v1', method: 'added-by-parent' }]);
    expect(await getItem(`HOUSEHOLD#${parent.userId}`, `CONSENT#${learner.id}`)).toMatchObject({ method: 'added-by-parent', policyVersion: 'v1' });

    expect((await expectOk(callApi('listConsents', { token: other.accessToken }), 'other')).consents).toEqual([]);
    expect((await callApi('listConsents', { token: student.accessToken })).status).toBe(403);
  });

  it('records no consent for a child that was not added (the household is full)', async () => {
    const parent = await createUser('parent');
    for (let i = 0; i < 10; i++) await expectOk(callApi('addLearner', { token: parent.accessToken, body: { ...zawadi, firstName: `Child ${i}` } }), `add ${i}`);
    expect((await callApi('addLearner', { token: parent.accessToken, body: zawadi })).status).toBe(422);
    const { consents } = await expectOk(callApi('listConsents', { token: parent.accessToken }), 'consents');
    const learners = (await expectOk(callApi('listLearners', { token: parent.accessToken }), 'list')).learners;
    expect(consents.map((c) => c.learnerId).sort()).toEqual(learners.map((l) => l.id).sort());
  });
});
