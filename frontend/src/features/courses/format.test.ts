import { describe, expect, it } from 'vitest';
import { downloadsLabel, fileSize } from './format';

describe('fileSize', () => {
  it('shows bytes, then KB and MB with one decimal below ten', () => {
    expect(fileSize(1)).toBe('1 byte');
    expect(fileSize(812)).toBe('812 bytes');
    expect(fileSize(4920)).toBe('4.8 KB');
    expect(fileSize(45 * 1024)).toBe('45 KB');
    expect(fileSize(1.25 * 1024 * 1024)).toBe('1.3 MB');
    expect(fileSize(45 * 1024 * 1024)).toBe('45 MB');
  });

  it('counts downloads in words', () => {
    expect(downloadsLabel(0)).toBe('0 downloads');
    expect(downloadsLabel(1)).toBe('1 download');
  });
});
