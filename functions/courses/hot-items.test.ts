/**
 * An enrolment writes only the student's enrolment: the course's count is added by its consumer,
 * so students joining one course at once never write the same item.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const send = vi.hoisted(() => vi.fn());
vi.mock('../shared/aws/dynamo.js', () => ({ dynamo: () => ({ send }) }));
vi.stubEnv('TABLE_NAME', 'alp-test');
import { createEnrolment } from './repository.js';

beforeEach(() => {
  send.mockReset();
});

describe('an enrolment', () => {
  it('writes the enrolment alone, not the course', async () => {
    send.mockResolvedValue({});
    await createEnrolment({ courseId: 'c-1', studentId: 's-1', enrolledAt: '2026-11-27T08:00:00.000Z' });
    const written = send.mock.calls.flatMap(([command]) => {
      const input = (command as { input: Record<string, unknown> }).input;
      const items = (input.TransactItems as Array<Record<string, { Key?: { pk: string; sk: string }; Item?: { pk: string; sk: string } }>> | undefined)
        ?.map((item) => Object.values(item)[0]!) ?? [input as { Key?: { pk: string; sk: string }; Item?: { pk: string; sk: string } }];
      return items.map((write) => { const key = (write.Item ?? write.Key)!; return `${key.pk} ${key.sk}`; });
    });
    expect(written).toHaveLength(1);
    expect(written[0]).not.toMatch(/ COURSE$/);
  });
});
