/**
 * Rules of the tutor search index (no Scan at any size; docs/data-model.md "Browse"):
 * - facet entries: one per filter combination a tutor matches (all, subject, level,
 *   subject+level, grade, subject+grade, curriculum, subject+curriculum), so an exact-filter browse
 *   is one Query on one partition; a level beside a grade or curriculum is a filter inside that
 *   partition (grades are the narrower choice, and crossing them with levels would multiply entries);
 * - search entries: one per 1-, 2- and 3-character prefix of each word of the name, subjects and
 *   expertise, in any script, so a text search Queries only the tutors with a word starting
 *   that way and filters the rest by the full words.
 * - sort entries: beside each facet entry, one per other order (rating, price, newest) in its
 *   own partition, so every order and an exact price range is one Query too.
 * Every entry carries the card but not its figures (lessons, students, rating), so a page of
 * results is one Query plus one BatchGetItem of the page's figures items, and a completed lesson
 * writes no entry. Only the rating order's sort key depends on a figure (ratingSortKey).
 */
import type { Profile } from '../profiles/contract.js';
import { DEFAULT_HOURLY_RATE, MAX_HOURLY_RATE, type BrowseSort, type Level } from './catalog.js';
import { head, normalize, words } from '../shared/search-text.js';
import { gradeById, type Curriculum } from '../households/grades-catalog.js';
import type { TutorCard, TutorFigures } from './contract.js';
import { NO_FIGURES, SORT_PREFIXES, type ListingEntries, type TutorFiguresItem } from './keys.js';

/** The index partitions a word is found in: its first 1, 2 and 3 characters. */
export const prefixTokens = (word: string): string[] => [...new Set([1, 2, 3].map((n) => head(word, n)))];

/** The index partition a search word is looked up in. */
export function searchToken(word: string): string {
  return head(word, 3);
}

export const facetKey = (subject?: string, level?: Level) =>
  subject && level ? `S#${subject}#L#${level}` : subject ? `S#${subject}` : level ? `L#${level}` : 'ALL';

/** The partition of a grade (with a subject or not); a grade names its curriculum, so it needs none. */
export const gradeFacetKey = (grade: string, subject?: string) => (subject ? `S#${subject}#G#${grade}` : `G#${grade}`);
export const curriculumFacetKey = (curriculum: Curriculum, subject?: string) => (subject ? `S#${subject}#C#${curriculum}` : `C#${curriculum}`);

/** The curricula of the grades a tutor teaches, in catalog order of first appearance (unknown ids skipped). */
export function curriculaOf(grades: readonly string[]): Curriculum[] {
  return [...new Set(grades.flatMap((g) => gradeById(g)?.curriculum ?? []))];
}

/** Preferred subjects first, then expertise, without repeats. */
export function tutorSubjects(profile: Pick<Profile, 'preferredSubjects' | 'expertise'>): string[] {
  return [...new Set([...profile.preferredSubjects, ...profile.expertise])];
}

/** What the public sees of the maintained figures: an average only once there is a review. */
export function cardFigures(figures: TutorFiguresItem): TutorFigures {
  return {
    ...(figures.ratingCount > 0 ? { rating: Math.round((figures.ratingSum / figures.ratingCount) * 10) / 10 } : {}),
    reviewCount: figures.ratingCount,
    lessonsTaught: figures.lessonsTaught,
    studentsTaught: figures.studentsTaught,
    ...(figures.replyHours !== undefined ? { replyHours: figures.replyHours } : {}),
  };
}

export function toCard(profile: Profile, figures: TutorFiguresItem = NO_FIGURES): TutorCard {
  const headline = profile.bio?.trim().split(/\n/)[0]?.slice(0, 140);
  return {
    id: profile.id,
    firstName: profile.firstName,
    lastName: profile.lastName,
    ...(profile.profilePhotoUrl ? { profilePhotoUrl: profile.profilePhotoUrl } : {}),
    subjects: tutorSubjects(profile),
    levels: profile.levels,
    grades: profile.grades ?? [],
    hourlyRate: profile.hourlyRate ?? DEFAULT_HOURLY_RATE,
    ...(profile.trialLesson ? { trialLesson: profile.trialLesson } : {}),
    verified: profile.kycStatus === 'approved',
    country: profile.country,
    ...(headline ? { headline } : {}),
    figures: cardFigures(figures),
  };
}

/** The index partition of a facet in a given order. */
export const sortPartition = (sort: BrowseSort, facet: string) =>
  sort === 'recommended' ? `LISTING#${facet}` : `${SORT_PREFIXES[sort]}${facet}`;

const pad = (n: number, width: number) => String(Math.max(0, Math.round(n))).padStart(width, '0');
const PRICE_WIDTH = String(MAX_HOURLY_RATE).length;
export const priceKey = (price: number) => pad(price, PRICE_WIDTH);

/**
 * Rated tutors first, best average first (two decimals), more reviews first among equals, then
 * the recommended order; tutors without reviews after them. Ascending keys, so inverted numbers.
 */
export function ratingSortKey(figures: TutorFiguresItem, rank: string): string {
  if (figures.ratingCount <= 0) return `U#${rank}`;
  const average = figures.ratingSum / figures.ratingCount;
  return `R#${pad(500 - average * 100, 3)}#${pad(999_999 - Math.min(figures.ratingCount, 999_999), 6)}#${rank}`;
}

export function listingEntries(profile: Profile, figures: TutorFiguresItem = NO_FIGURES): ListingEntries {
  const { figures: _readPerPage, ...card } = toCard(profile, figures);
  const subjects = card.subjects;
  const facets = new Set<string>([facetKey()]);
  for (const s of subjects) facets.add(facetKey(s));
  for (const l of card.levels) {
    facets.add(facetKey(undefined, l));
    for (const s of subjects) facets.add(facetKey(s, l));
  }
  const grades = card.grades ?? [];
  const curricula = curriculaOf(grades);
  for (const g of grades) {
    facets.add(gradeFacetKey(g));
    for (const s of subjects) facets.add(gradeFacetKey(g, s));
  }
  for (const c of curricula) {
    facets.add(curriculumFacetKey(c));
    for (const s of subjects) facets.add(curriculumFacetKey(c, s));
  }
  const allWords = [...words(`${card.firstName} ${card.lastName}`), ...subjects.flatMap(words)];
  const tokens = new Set(allWords.flatMap(prefixTokens));
  const rank = `${card.verified ? '0' : '1'}#${normalize(`${card.lastName} ${card.firstName}`)}#${card.id}`;
  return {
    card,
    rank,
    searchText: ` ${allWords.join(' ')} `,
    subjectsKey: `|${subjects.join('|')}|`,
    levelsKey: `|${card.levels.join('|')}|`,
    gradesKey: `|${grades.join('|')}|`,
    curriculaKey: `|${curricula.join('|')}|`,
    facets: [...facets],
    tokens: [...tokens],
    sortKeys: {
      rating: ratingSortKey(figures, rank),
      price: `${priceKey(card.hourlyRate)}#${rank}`,
      // Queried newest first (descending).
      newest: `${profile.createdAt}#${card.id}`,
    },
    price: card.hourlyRate,
  };
}

/** How a browse request is answered: which partition to Query and which words to filter on. */
export interface BrowsePlan {
  partition: string;
  /** What a cursor is bound to: the partition and the price range. */
  list: string;
  words: string[];
  subject?: string;
  level?: Level;
  grade?: string;
  curriculum?: Curriculum;
  /** gsi1sk range of the Query (a price range in the price order). */
  keyRange?: { from: string; to: string };
  /** Read the partition from its end (newest first). */
  descending?: boolean;
  /** Price range applied as a filter (orders other than price). */
  price?: { min: number; max: number };
}

/**
 * `null` when the query has no letter or digit (only emoji or punctuation): it cannot match
 * any tutor, so nothing is read. A blank query is no query: the plain browse.
 */
export function planBrowse(query: {
  q?: string; subject?: string; level?: Level; grade?: string; curriculum?: Curriculum; sort?: BrowseSort; minPrice?: number; maxPrice?: number;
}): BrowsePlan | null {
  // A grade names its curriculum (the contract refuses a grade of another one): the grade alone narrows.
  const curriculum = query.grade ? undefined : query.curriculum;
  const hasRange = query.minPrice !== undefined || query.maxPrice !== undefined;
  const range = { min: query.minPrice ?? 0, max: query.maxPrice ?? MAX_HOURLY_RATE };
  const bound = (partition: string) => (hasRange ? `${partition}|${range.min}-${range.max}` : partition);
  if (!query.q?.trim()) {
    const sort = query.sort ?? 'recommended';
    const facet = query.grade ? gradeFacetKey(query.grade, query.subject)
      : curriculum ? curriculumFacetKey(curriculum, query.subject)
        : facetKey(query.subject, query.level);
    // The level is in the partition only without a grade or curriculum; otherwise it filters.
    const levelFilter = (query.grade || curriculum) && query.level ? { level: query.level } : {};
    const partition = sortPartition(sort, facet);
    return {
      partition, list: bound(partition), words: [], ...levelFilter,
      ...(sort === 'newest' ? { descending: true } : {}),
      ...(hasRange && sort === 'price' ? { keyRange: { from: `${priceKey(range.min)}#`, to: `${priceKey(range.max)}#~` } } : {}),
      ...(hasRange && sort !== 'price' ? { price: range } : {}),
    };
  }
  const qWords = [...new Set(words(query.q))];
  if (qWords.length === 0) return null;
  // The longest word is the most selective partition; the others are filters.
  const lead = qWords.reduce((a, b) => (Array.from(b).length > Array.from(a).length ? b : a));
  const partition = `SEARCH#${searchToken(lead)}`;
  return {
    partition, list: bound(partition),
    words: qWords,
    ...(hasRange ? { price: range } : {}),
    ...(query.subject ? { subject: query.subject } : {}),
    ...(query.level ? { level: query.level } : {}),
    ...(query.grade ? { grade: query.grade } : {}),
    ...(curriculum ? { curriculum } : {}),
  };
}
