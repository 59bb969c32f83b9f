/**
 * AI games and the study assistant for a parent's child: the request names the learner
 * (learnerId), the server finds it in the caller's household and the model is told the child's
 * grade (asserted on the prompt the local Bedrock sandbox received). Another household's learner
 * is 404 and reaches no model; without a learner the prompts are as for any student.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../infra/local/sandboxes/bedrock/server.js';
import { api, callApi, createUser, expectOk, stack, type TestUser } from '../support/api.js';
import { establishedAccount } from '../support/fixtures.js';

let parent: TestUser;
let other: TestUser;
let learnerId: string;

const sandboxRequests = async () =>
  ((await (await fetch(`${stack().sandboxUrls.bedrock!}/__sandbox/requests`)).json()) as { requests: RecordedRequest[] }).requests;
const askedWith = async (marker: string) => (await sandboxRequests()).filter((r) => r.userText.includes(marker));
const quiz = (user: TestUser, body: Record<string, unknown>) => api('/api/ai/quiz', { method: 'POST', token: user.accessToken, body });
const chat = (user: TestUser, body: Record<string, unknown>) => api('/api/ai/chat', { method: 'POST', token: user.accessToken, body });

beforeAll(async () => {
  [parent, other] = await Promise.all([createUser('parent'), createUser('parent')]);
  await Promise.all([establishedAccount(parent), establishedAccount(other)]);
  const { learner } = await expectOk(callApi('addLearner', {
    token: parent.accessToken, body: { firstName: 'Baraka', lastName: 'Otieno', curriculum: 'cbc', grade: 'cbc-grade-4', subjects: ['Mathematics'] },
  }), 'add learner');
  learnerId = learner.id;
});

describe('the AI at the acting learner\'s grade', () => {
  it('writes a quiz for the learner\'s grade, and for the usual level without a learner', async () => {
    const topic = `Fractions ${randomUUID().slice(0, 8)}`;
    expect((await quiz(parent, { subject: 'Mathematics', difficulty: 'easy', count: 2, topic, learnerId })).status).toBe(200);
    const [forLearner] = await askedWith(topic);
    expect(forLearner!.system).toContain("Learner's level: CBC (Competency-Based Curriculum), Grade 4, Upper Primary, learners aged about 9 to 10.");

    const plain = `Decimals ${randomUUID().slice(0, 8)}`;
    expect((await quiz(parent, { subject: 'Mathematics', difficulty: 'easy', count: 2, topic: plain })).status).toBe(200);
    const [forParent] = await askedWith(plain);
    expect(forParent!.system).not.toContain("Learner's level");
    expect(forParent!.system).toMatch(/KCSE/);
  });

  it('answers the study assistant at the learner\'s grade', async () => {
    const prompt = `What is a fraction? ${randomUUID().slice(0, 8)}`;
    const res = await chat(parent, { type: 'explain_concept', subject: 'Mathematics', difficulty: 'easy', prompt, learnerId });
    expect(res.status).toBe(200);
    const [asked] = await askedWith(prompt);
    expect(asked!.system).toContain("Learner's level: CBC (Competency-Based Curriculum), Grade 4");
  });

  it('answers 404 for another household\'s learner (or a student naming one), and asks no model', async () => {
    const student = await createUser('student');
    for (const user of [other, student]) {
      const topic = `Shapes ${randomUUID().slice(0, 8)}`;
      const refused = await quiz(user, { subject: 'Mathematics', difficulty: 'easy', count: 2, topic, learnerId });
      expect(refused.status).toBe(404);
      const prompt = `Explain shapes ${randomUUID().slice(0, 8)}`;
      expect((await chat(user, { type: 'explain_concept', subject: 'Mathematics', prompt, learnerId })).status).toBe(404);
      expect(await askedWith(topic)).toEqual([]);
      expect(await askedWith(prompt)).toEqual([]);
    }
    // Nothing of the refused chat was kept.
    expect((await api('/api/ai/conversations', { token: other.accessToken })).body.conversations).toEqual([]);
  });
});
