/**
 * Finding users by name or e-mail (admin User Management), without a Scan: each profile has one
 * small "find" item per search term (full name, surname, e-mail), in gsi1 partition
 * `USERFIND#{first character}` sorted by `{term}#{userId}`. A prefix search is one Query with
 * `begins_with` on the sort key, read in pages. Keys and rules only; reads and writes in the
 * repositories (docs/data-model.md).
 */
import * as z from 'zod';
import { normalize } from '../shared/search-text.js';
import type { Profile } from './contract.js';
import { userPk } from './keys.js';

export const FIND_KINDS = ['name', 'surname', 'email'] as const;
export type FindKind = (typeof FIND_KINDS)[number];

/** A search term: case and Latin accents folded (same rules as tutor search), spaces collapsed. */
export const findTerm = (text: string): string => normalize(text).replace(/\s+/g, ' ').trim();

/** The gsi1 partition a term (or a query prefix) lives in: its first character. */
export const findPartition = (termOrPrefix: string): string => `USERFIND#${Array.from(termOrPrefix)[0] ?? ''}`;

export function findTerms(profile: Pick<Profile, 'firstName' | 'lastName' | 'email'>): Record<FindKind, string> {
  return {
    name: findTerm(`${profile.firstName} ${profile.lastName}`),
    surname: findTerm(profile.lastName),
    email: findTerm(profile.email),
  };
}

/** The find items of a profile: `pk USER#{id}`, `sk FIND#{kind}`, each listing all the user's terms. */
export function findItems(profile: Pick<Profile, 'id' | 'firstName' | 'lastName' | 'email'>): Array<Record<string, unknown>> {
  const terms = findTerms(profile);
  return FIND_KINDS.filter((kind) => terms[kind]).map((kind) => ({
    pk: userPk(profile.id),
    sk: `FIND#${kind}`,
    entity: 'UserFindTerm',
    gsi1pk: findPartition(terms[kind]),
    gsi1sk: `${terms[kind]}#${profile.id}`,
    userId: profile.id,
    kind,
    terms,
  }));
}

/** A find item as read back: whose it is, which term it is, and all the user's terms. */
export const FindItem = z.object({
  userId: z.string(),
  kind: z.enum(FIND_KINDS),
  terms: z.object({ name: z.string(), surname: z.string(), email: z.string() }),
});
export type FindItem = z.infer<typeof FindItem>;

/**
 * A user matches a prefix through each term starting with it; they are shown once, at the first
 * of those terms (by term, then kind): exactly one of their items passes, so paging never
 * repeats a user.
 */
export function isFirstMatch(item: Pick<FindItem, 'kind' | 'terms'>, prefix: string): boolean {
  const own = item.terms[item.kind];
  return !FIND_KINDS.some((kind) => {
    const other = item.terms[kind];
    if (kind === item.kind || !other?.startsWith(prefix)) return false;
    return other < own || (other === own && FIND_KINDS.indexOf(kind) < FIND_KINDS.indexOf(item.kind));
  });
}
