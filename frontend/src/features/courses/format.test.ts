import { describe, expect, it } from 'vitest';
import { fileSize } from './format';

describe('fileSize', () => {
  it('counts bytes, then KB and MB with one decimal below ten', () => {
    expect(fileSize(1)).toEqual(['size.bytes', { count: 1 }]);
    expect(fileSize(812)).toEqual(['size.bytes', { count: 812 }]);
    expect(fileSize(4920)).toEqual(['size.kb', { size: '4.8' }]);
    expect(fileSize(45 * 1024)).toEqual(['size.kb', { size: '45' }]);
    expect(fileSize(1.25 * 1024 * 1024)).toEqual(['size.mb', { size: '1.3' }]);
    expect(fileSize(45 * 1024 * 1024)).toEqual(['size.mb', { size: '45' }]);
  });
});
