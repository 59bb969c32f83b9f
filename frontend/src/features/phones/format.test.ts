import { describe, expect, it } from 'vitest';
import { localMobile } from './format';

describe('localMobile', () => {
  it('writes a stored number as a Kenyan writes it', () => {
    expect(localMobile('254712345678')).toBe('0712 345 678');
    expect(localMobile('254110000111')).toBe('0110 000 111');
  });
});
