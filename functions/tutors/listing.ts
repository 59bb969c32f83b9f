/**
 * Rules of the tutor search index (no Scan at any size; docs/data-model.md "Browse"):
 * - facet entries: one per filter combination a tutor matches (all, subject, level,
 *   subject+level), so an exact-filter browse is one Query on one partition;
 * - search entries: one per 1-, 2- and 3-character prefix of each word of the name, subjects and
 *   expertise, in any script, so a text search Queries only the tutors with a word starting
 *   that way and filters the rest by the full words.
 * Every entry carries the card, so a page of results is one Query and no further reads.
 */
import type { Profile } from '../profiles/contract.js';
import { DEFAULT_HOURLY_RATE, type Level } from './catalog.js';
import { head, normalize, words } from '../shared/search-text.js';
import type { TutorCard } from './contract.js';

/** The index partitions a word is found in: its first 1, 2 and 3 characters. */
export const prefixTokens = (word: string): string[] => [...new Set([1, 2, 3].map((n) => head(word, n)))];

/** The index partition a search word is looked up in. */
export function searchToken(word: string): string {
  return head(word, 3);
}

export const facetKey = (subject?: string, level?: Level) =>
  subject && level ? `S#${subject}#L#${level}` : subject ? `S#${subject}` : level ? `L#${level}` : 'ALL';

/** Preferred subjects first, then expertise, without repeats. */
export function tutorSubjects(profile: Pick<Profile, 'preferredSubjects' | 'expertise'>): string[] {
  return [...new Set([...profile.preferredSubjects, ...profile.expertise])];
}

export function toCard(profile: Profile): TutorCard {
  const headline = profile.bio?.trim().split(/\n/)[0]?.slice(0, 140);
  return {
    id: profile.id,
    firstName: profile.firstName,
    lastName: profile.lastName,
    ...(profile.profilePhotoUrl ? { profilePhotoUrl: profile.profilePhotoUrl } : {}),
    subjects: tutorSubjects(profile),
    levels: profile.levels,
    hourlyRate: profile.hourlyRate ?? DEFAULT_HOURLY_RATE,
    verified: profile.kycStatus === 'approved',
    country: profile.country,
    ...(headline ? { headline } : {}),
  };
}

export interface ListingEntries {
  card: TutorCard;
  /** Sort key inside every partition: verified tutors first, then by name. */
  rank: string;
  /** Lower-case words the text filter matches against, space-separated and padded. */
  searchText: string;
  /** "|Mathematics|Physics|" and "|primary|secondary|", for filters inside a search partition. */
  subjectsKey: string;
  levelsKey: string;
  facets: string[];
  tokens: string[];
}

export function listingEntries(profile: Profile): ListingEntries {
  const card = toCard(profile);
  const subjects = card.subjects;
  const facets = new Set<string>([facetKey()]);
  for (const s of subjects) facets.add(facetKey(s));
  for (const l of card.levels) {
    facets.add(facetKey(undefined, l));
    for (const s of subjects) facets.add(facetKey(s, l));
  }
  const allWords = [...words(`${card.firstName} ${card.lastName}`), ...subjects.flatMap(words)];
  const tokens = new Set(allWords.flatMap(prefixTokens));
  return {
    card,
    rank: `${card.verified ? '0' : '1'}#${normalize(`${card.lastName} ${card.firstName}`)}#${card.id}`,
    searchText: ` ${allWords.join(' ')} `,
    subjectsKey: `|${subjects.join('|')}|`,
    levelsKey: `|${card.levels.join('|')}|`,
    facets: [...facets],
    tokens: [...tokens],
  };
}

/** How a browse request is answered: which partition to Query and which words to filter on. */
export interface BrowsePlan {
  partition: string;
  words: string[];
  subject?: string;
  level?: Level;
}

/**
 * `null` when the query has no letter or digit (only emoji or punctuation): it cannot match
 * any tutor, so nothing is read. A blank query is no query: the plain browse.
 */
export function planBrowse(query: { q?: string; subject?: string; level?: Level }): BrowsePlan | null {
  if (!query.q?.trim()) {
    return { partition: `LISTING#${facetKey(query.subject, query.level)}`, words: [] };
  }
  const qWords = [...new Set(words(query.q))];
  if (qWords.length === 0) return null;
  // The longest word is the most selective partition; the others are filters.
  const lead = qWords.reduce((a, b) => (Array.from(b).length > Array.from(a).length ? b : a));
  return {
    partition: `SEARCH#${searchToken(lead)}`,
    words: qWords,
    ...(query.subject ? { subject: query.subject } : {}),
    ...(query.level ? { level: query.level } : {}),
  };
}
