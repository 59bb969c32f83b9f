import { describe, expect, it } from 'vitest';
import { findItems, findPartition, findTerm, findTerms, isFirstMatch } from './user-search.js';

const user = { id: 'u1', firstName: 'Zoë', lastName: 'Zimmer', email: 'Zoe.Z@Example.com' };

describe('user search terms', () => {
  it('are the full name, the surname and the e-mail, case and Latin accents folded', () => {
    expect(findTerms(user)).toEqual({ name: 'zoe zimmer', surname: 'zimmer', email: 'zoe.z@example.com' });
    expect(findTerm('  ZOË   Zim ')).toBe('zoe zim');
    expect(findTerms({ firstName: 'አበበ', lastName: 'ቢቂላ', email: 'a@x.et' }).name).toBe('አበበ ቢቂላ');
  });
  it('live in the partition of their first character, sorted by term then user', () => {
    const items = findItems(user);
    expect(items.map((i) => [i.sk, i.gsi1pk, i.gsi1sk])).toEqual([
      ['FIND#name', 'USERFIND#z', 'zoe zimmer#u1'],
      ['FIND#surname', 'USERFIND#z', 'zimmer#u1'],
      ['FIND#email', 'USERFIND#z', 'zoe.z@example.com#u1'],
    ]);
    expect(findPartition('zo')).toBe('USERFIND#z');
    expect(findPartition('𠀀x')).toBe('USERFIND#𠀀');
  });
  it('show a user once even when several of their terms match', () => {
    const terms = findTerms(user);
    const passing = (prefix: string) => findItems(user)
      .filter((i) => String(i.gsi1sk).startsWith(prefix))
      .filter((i) => isFirstMatch({ kind: i.kind as 'name', terms }, prefix)).map((i) => i.kind);
    expect(passing('z')).toEqual(['surname']); // "zimmer" < "zoe …"
    expect(passing('zo')).toEqual(['name']); // "zoe zimmer" < "zoe.z@…"
    expect(passing('zoe.')).toEqual(['email']);
    expect(passing('zi')).toEqual(['surname']);
  });
  it('break a tie between identical terms by kind', () => {
    const terms = { name: 'same', surname: 'same', email: 'other' };
    expect(isFirstMatch({ kind: 'name', terms }, 'sa')).toBe(true);
    expect(isFirstMatch({ kind: 'surname', terms }, 'sa')).toBe(false);
  });
});
