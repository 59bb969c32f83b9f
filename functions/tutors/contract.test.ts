import { describe, expect, it } from 'vitest';
import { BrowseQuery } from './contract.js';

describe('BrowseQuery', () => {
  it('takes only base64url cursors, as the API hands them out (so a documented cursor always fits in a URL)', () => {
    expect(BrowseQuery.safeParse({ cursor: 'eyJwIjoiTElTVElORyJ9' }).success).toBe(true);
    const foreign = BrowseQuery.safeParse({ cursor: 'Ôhu\u{F4BBA}'.repeat(500) });
    expect(foreign.success).toBe(false);
    expect(foreign.error?.issues[0]?.message).toBe('This list has changed. Please search again.');
  });
});
