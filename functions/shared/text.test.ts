import { describe, expect, it } from 'vitest';
import { isWellFormedText, notTextMessage, userText } from './text.js';

describe('userText', () => {
  it('refuses lone surrogates anywhere in the text', () => {
    for (const bad of ['\ud800', 'a\udfffb', '\udc00\ud800', 'ok 😀 \ud83d']) {
      expect(isWellFormedText(bad)).toBe(false);
      expect(userText().safeParse(bad).error?.issues[0]?.message).toBe(notTextMessage);
    }
  });

  it('accepts any script and whole emoji, and keeps chaining', () => {
    for (const good of ['Amina', 'አማርኛ', 'مرحبا', '🚀😀', 'Ñandú', '']) expect(isWellFormedText(good)).toBe(true);
    const name = userText().trim().min(1, 'Required').max(5, 'Too long');
    expect(name.parse('  Zoë ')).toBe('Zoë');
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Required');
    expect(name.safeParse('\ud800').success).toBe(false);
  });
});
