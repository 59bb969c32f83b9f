import { describe, expect, it } from 'vitest';
import {
  isPairingCodeLive, newPairingCode, normalisePairingCode, PAIRING_ALPHABET, PAIRING_CODE_LENGTH, pairingCodeExpiry,
} from './pairing-rules.js';

describe('pairing codes', () => {
  it('are 8 characters of an alphabet without look-alikes (0/O, 1/I/L, 5/S, 2/Z)', () => {
    for (let i = 0; i < 200; i++) {
      const code = newPairingCode();
      expect(code).toMatch(new RegExp(`^[${PAIRING_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`));
    }
    for (const lookAlike of '0O1IL5S2Z') expect(PAIRING_ALPHABET).not.toContain(lookAlike);
    expect(newPairingCode(() => 0)).toBe('AAAAAAAA');
  });

  it('are read whatever the case, spaces or dashes; anything else is not a code', () => {
    expect(normalisePairingCode('abcd-efgh')).toBe('ABCDEFGH');
    expect(normalisePairingCode(' AB CD EF GH ')).toBe('ABCDEFGH');
    expect(normalisePairingCode('ABCDEFG')).toBeNull();
    expect(normalisePairingCode('ABCDEFGHJ')).toBeNull();
    expect(normalisePairingCode('ABCDEFG0')).toBeNull();
  });

  it('are live for 24 hours and not a second longer', () => {
    const made = new Date('2026-11-28T04:00:00Z');
    const expiresAt = pairingCodeExpiry(made);
    expect(expiresAt.toISOString()).toBe('2026-11-29T04:00:00.000Z');
    const epoch = expiresAt.getTime() / 1000;
    expect(isPairingCodeLive(epoch, new Date('2026-11-29T03:59:59Z'))).toBe(true);
    expect(isPairingCodeLive(epoch, new Date('2026-11-29T04:00:00Z'))).toBe(false);
  });
});
