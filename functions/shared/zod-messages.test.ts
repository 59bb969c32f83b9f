import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodMessagesIn } from './zod-messages.js';

const messages = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value, zodMessagesIn('sw')).error?.issues.map((i) => i.message);

describe("zod's own messages in Kiswahili", () => {
  it('replaces the English zod writes where a schema names no message', () => {
    const schema = z.object({ name: z.string().min(1), age: z.number().max(120), role: z.enum(['tutor', 'student']), email: z.email() });
    expect(messages(schema, { name: '', age: 130, role: 'parent', email: 'x' })).toEqual([
      'Haipaswi kuwa tupu',
      'Ni kubwa mno: inapaswa kuwa 120 au chini',
      'Chaguo si sahihi: chagua mojawapo ya "tutor", "student"',
      'Anwani ya barua pepe si sahihi',
    ]);
    expect(messages(schema, {})?.[0]).toBe('Inahitajika: weka maandishi');
    expect(messages(z.array(z.string()).max(2), ['a', 'b', 'c'])).toEqual(['Ni kubwa mno: inapaswa kuwa vipengele 2 au chini']);
    expect(messages(z.string().min(3), 'ab')).toEqual(['Ni ndogo mno: inapaswa kuwa herufi 3 au zaidi']);
    expect(messages(z.number(), 'ten')).toEqual(['Ingizo si sahihi: ilitarajiwa namba, imepokelewa maandishi']);
    expect(messages(z.strictObject({}), { extra: 1 })).toEqual(['Sehemu isiyojulikana: extra']);
  });

  it("keeps a schema's own message (the catalog translates it) and leaves English to zod", () => {
    expect(messages(z.string().min(1, 'First name is required'), '')).toEqual(['First name is required']);
    expect(zodMessagesIn('en')).toBeUndefined();
  });
});
