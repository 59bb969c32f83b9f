/**
 * The <head> of a page made for one record (a tutor's profile, functions/sitepages): what a search
 * engine indexes and what WhatsApp or Facebook show when the link is shared. Title, description,
 * canonical URL, hreflang alternates, Open Graph and Twitter card tags, and schema.org JSON-LD.
 * Every value comes from the record, i.e. from users (a tutor's name and bio), so everything is
 * escaped for where it goes: attributes and text as HTML, JSON-LD so that nothing in it can end
 * its <script> element. Pure: the sitepages renderer and its unit test call it.
 */
import type { CatalogueResponse, CourseDetail } from '@functions/courses/contract';
import type { PublicTutorProfile, TutorCard } from '@functions/tutors/contract';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@events/shared/language';
import { RECORD_DATA_ID } from './record-data';

/**
 * The head's texts with the record's values in them. Build- and server-side only, so here rather than
 * in a catalog: the app's i18n plugin compiles the catalogs' placeholders for Lingui.
 */
const HEAD_TEXT: Record<Language, {
  tutorDescription: string; tutorDescriptionNoSubjects: string; tutorOffer: string;
  courseDescription: string; coursePrice: string; courseFree: string; catalogueDescription: string;
}> = {
  en: {
    tutorDescription: "{name} teaches {subjects} on Africa's Learning Platform: one-on-one lessons from KES {rate} an hour.",
    tutorDescriptionNoSubjects: "{name} gives one-on-one lessons on Africa's Learning Platform from KES {rate} an hour.",
    tutorOffer: 'One-hour lesson with {name}',
    courseDescription: "{title}: an online course by {name} on Africa's Learning Platform, {price}.",
    coursePrice: 'KES {price}',
    courseFree: 'free',
    catalogueDescription: "Online courses by verified tutors on Africa's Learning Platform: {titles}.",
  },
  sw: {
    tutorDescription: "{name} anafundisha {subjects} kwenye Africa's Learning Platform: masomo ya mmoja kwa mmoja kuanzia KES {rate} kwa saa.",
    tutorDescriptionNoSubjects: "{name} anatoa masomo ya mmoja kwa mmoja kwenye Africa's Learning Platform kuanzia KES {rate} kwa saa.",
    tutorOffer: 'Somo la saa moja na {name}',
    courseDescription: "{title}: kozi ya mtandaoni ya {name} kwenye Africa's Learning Platform, {price}.",
    coursePrice: 'KES {price}',
    courseFree: 'bure',
    catalogueDescription: "Kozi za mtandaoni za walimu waliothibitishwa kwenye Africa's Learning Platform: {titles}.",
  },
};
const PRODUCT = "Africa's Learning Platform";
/** The query parameter that names a page's language in its URL (hreflang alternates need one URL each). */
export const LANGUAGE_PARAM = 'lang';
/** Search results cut a description at about this length. */
const DESCRIPTION_LENGTH = 160;
const OG_LOCALES: Record<Language, string> = { en: 'en_KE', sw: 'sw_KE' };

/** Text or an attribute value, escaped for HTML (quotes too: it may sit in either kind of attribute). */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * JSON for inside a <script> element: `<`, `>` and `&` as \u escapes, so a value holding
 * `</script>` or `<!--` cannot end or change the element; U+2028/2029 too (older JavaScript parsers).
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The URL of a path in a language: English has none, another language says so in `?lang=`. */
export function pageUrl(origin: string, path: string, language: Language): string {
  const url = new URL(path, origin);
  if (language !== DEFAULT_LANGUAGE) url.searchParams.set(LANGUAGE_PARAM, language);
  return url.href;
}

/** An image URL made absolute on the site; none for anything but http(s) (no javascript: or data: in og:image). */
function absoluteImage(origin: string, url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const absolute = new URL(url, origin);
    return absolute.protocol === 'https:' || absolute.protocol === 'http:' ? absolute.href : undefined;
  } catch {
    return undefined;
  }
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
const shorten = (text: string, length: number) => (text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`);
const amount = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });

export interface RecordHead {
  title: string;
  description: string;
  /** The tags that go before </head>: canonical, alternates, Open Graph, Twitter, JSON-LD. */
  tags: string;
}

/** The schema.org Person of a tutor: a rating only from real reviews, the hourly rate as an offer in KES. */
export function tutorJsonLd(tutor: PublicTutorProfile, language: Language, origin: string): Record<string, unknown> {
  const url = pageUrl(origin, `/tutor-profile/${encodeURIComponent(tutor.id)}`, language);
  const name = `${tutor.firstName} ${tutor.lastName}`.trim();
  const image = absoluteImage(origin, tutor.profilePhotoUrl);
  const figures = tutor.figures;
  const rated = figures && figures.reviewCount > 0 && typeof figures.rating === 'number';
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': `${pageUrl(origin, `/tutor-profile/${encodeURIComponent(tutor.id)}`, DEFAULT_LANGUAGE)}#person`,
    name,
    url,
    ...(image ? { image } : {}),
    ...(tutor.headline || tutor.bio ? { description: shorten(tutor.headline ?? tutor.bio ?? '', 500) } : {}),
    jobTitle: language === 'sw' ? 'Mwalimu' : 'Tutor',
    knowsAbout: tutor.subjects,
    address: { '@type': 'PostalAddress', addressCountry: tutor.country },
    ...(rated
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: figures.rating, reviewCount: figures.reviewCount, bestRating: 5, worstRating: 1 } }
      : {}),
    makesOffer: {
      '@type': 'Offer',
      name: fill(HEAD_TEXT[language].tutorOffer, { name }),
      url,
      price: tutor.hourlyRate,
      priceCurrency: 'KES',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: tutor.hourlyRate,
        priceCurrency: 'KES',
        unitCode: 'HUR',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'HUR' },
      },
    },
  };
}

/**
 * A tutor's profile page's head in `language`, on the site at `origin` (e.g. https://alp.example).
 * `shareImage`: the page's drawn link preview (functions/sitepages, 1200×630), which link previews
 * show instead of the bare profile photo; without it the photo is the image.
 */
export function tutorHead(tutor: PublicTutorProfile, language: Language, origin: string, shareImage?: string): RecordHead {
  const path = `/tutor-profile/${encodeURIComponent(tutor.id)}`;
  const name = `${tutor.firstName} ${tutor.lastName}`.trim();
  const text = HEAD_TEXT[language];
  const subjects = tutor.subjects.slice(0, 3).join(', ');
  const description = shorten(
    fill(subjects ? text.tutorDescription : text.tutorDescriptionNoSubjects, { name, subjects, rate: amount.format(tutor.hourlyRate) }),
    DESCRIPTION_LENGTH,
  );
  const canonical = pageUrl(origin, path, language);
  const card = shareImage ? absoluteImage(origin, shareImage) : undefined;
  const image = card ?? absoluteImage(origin, tutor.profilePhotoUrl);
  const meta = (attribute: 'property' | 'name', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...LANGUAGES.map((l) => `<link rel="alternate" hreflang="${l}" href="${escapeHtml(pageUrl(origin, path, l))}">`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(origin, path, DEFAULT_LANGUAGE))}">`,
    meta('property', 'og:type', 'profile'),
    meta('property', 'og:site_name', PRODUCT),
    meta('property', 'og:title', name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:locale', OG_LOCALES[language]),
    ...LANGUAGES.filter((l) => l !== language).map((l) => meta('property', 'og:locale:alternate', OG_LOCALES[l])),
    meta('property', 'profile:first_name', tutor.firstName),
    meta('property', 'profile:last_name', tutor.lastName),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', name)] : []),
    ...(card ? [meta('property', 'og:image:type', 'image/png'), meta('property', 'og:image:width', '1200'), meta('property', 'og:image:height', '630')] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', name),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    `<script type="application/ld+json">${jsonForScript(tutorJsonLd(tutor, language, origin))}</script>`,
  ].join('');
  return { title: name, description, tags };
}

/** The schema.org Course of a published course: its tutor as provider, its price (or free) as an offer in KES. */
export function courseJsonLd(course: CourseDetail, language: Language, origin: string): Record<string, unknown> {
  const path = `/courses/${encodeURIComponent(course.id)}`;
  const url = pageUrl(origin, path, language);
  const tutorName = `${course.tutor.firstName} ${course.tutor.lastName}`.trim();
  const image = absoluteImage(origin, course.thumbnailUrl);
  const price = course.price ?? 0;
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    '@id': `${pageUrl(origin, path, DEFAULT_LANGUAGE)}#course`,
    name: course.title,
    url,
    ...(course.description ? { description: shorten(course.description, 500) } : {}),
    ...(image ? { image } : {}),
    provider: {
      '@type': 'Person',
      // The tutor's own page (functions/sitepages), whose Person carries the same @id.
      '@id': `${pageUrl(origin, `/tutor-profile/${encodeURIComponent(course.tutor.id)}`, DEFAULT_LANGUAGE)}#person`,
      name: tutorName,
      url: pageUrl(origin, `/tutor-profile/${encodeURIComponent(course.tutor.id)}`, language),
    },
    offers: {
      '@type': 'Offer',
      category: course.price ? 'Paid' : 'Free',
      price,
      priceCurrency: 'KES',
      url,
      availability: 'https://schema.org/InStock',
    },
    hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Online' },
    ...(course.lessons.length ? { syllabusSections: course.lessons.map((l) => ({ '@type': 'Syllabus', name: l.title })) } : {}),
  };
}

/** The head's tags shared by record pages: canonical, alternates, Open Graph, Twitter card, JSON-LD. */
function headTags(page: {
  path: string; language: Language; origin: string; type: string; title: string; description: string;
  image?: string; card?: string; imageAlt: string; extra?: string[]; jsonLd?: Record<string, unknown>;
}): string {
  const { path, language, origin, title, description, image, card } = page;
  const canonical = pageUrl(origin, path, language);
  const meta = (attribute: 'property' | 'name', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  return [
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...LANGUAGES.map((l) => `<link rel="alternate" hreflang="${l}" href="${escapeHtml(pageUrl(origin, path, l))}">`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(origin, path, DEFAULT_LANGUAGE))}">`,
    meta('property', 'og:type', page.type),
    meta('property', 'og:site_name', PRODUCT),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:locale', OG_LOCALES[language]),
    ...LANGUAGES.filter((l) => l !== language).map((l) => meta('property', 'og:locale:alternate', OG_LOCALES[l])),
    ...(page.extra ?? []),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', page.imageAlt)] : []),
    ...(card ? [meta('property', 'og:image:type', 'image/png'), meta('property', 'og:image:width', '1200'), meta('property', 'og:image:height', '630')] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    ...(page.jsonLd ? [`<script type="application/ld+json">${jsonForScript(page.jsonLd)}</script>`] : []),
  ].join('');
}

/**
 * A published course's page's head in `language`. `shareImage`: its drawn link preview (title, tutor,
 * price; functions/sitepages), else the course's thumbnail is the image.
 */
export function courseHead(course: CourseDetail, language: Language, origin: string, shareImage?: string): RecordHead {
  const text = HEAD_TEXT[language];
  const name = `${course.tutor.firstName} ${course.tutor.lastName}`.trim();
  const price = course.price ? fill(text.coursePrice, { price: amount.format(course.price) }) : text.courseFree;
  const description = shorten(
    course.description.trim() || fill(text.courseDescription, { title: course.title, name, price }),
    DESCRIPTION_LENGTH,
  );
  const card = shareImage ? absoluteImage(origin, shareImage) : undefined;
  const image = card ?? absoluteImage(origin, course.thumbnailUrl);
  const tags = headTags({
    path: `/courses/${encodeURIComponent(course.id)}`, language, origin, type: 'website', title: course.title, description,
    ...(image ? { image } : {}), ...(card ? { card } : {}), imageAlt: course.title, jsonLd: courseJsonLd(course, language, origin),
  });
  return { title: course.title, description, tags };
}

/** The first page of the catalogue as the catalogue's own page (/course-dashboard) carries it: an ItemList of the courses' pages. */
export function catalogueJsonLd(catalogue: CatalogueResponse, language: Language, origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    url: pageUrl(origin, '/course-dashboard', language),
    itemListElement: catalogue.courses.map((c, i) => ({
      '@type': 'ListItem', position: i + 1, url: pageUrl(origin, `/courses/${encodeURIComponent(c.id)}`, language), name: c.title,
    })),
  };
}

/**
 * The course catalogue's head with its first page of courses: `title`, the page's own (as the SPA
 * names it); the description names the newest courses.
 */
export function catalogueHead(catalogue: CatalogueResponse, language: Language, origin: string, title: string): RecordHead {
  const titles = catalogue.courses.slice(0, 3).map((c) => c.title).join(', ');
  const description = shorten(fill(HEAD_TEXT[language].catalogueDescription, { titles }).replace(/: \.$/, '.'), DESCRIPTION_LENGTH);
  const tags = headTags({
    path: '/course-dashboard', language, origin, type: 'website', title, description, imageAlt: title,
    jsonLd: catalogueJsonLd(catalogue, language, origin),
  });
  return { title, description, tags };
}

/**
 * A subject or grade page's first page of tutors as an ItemList of their own pages: each a Person
 * with what its card shows (subjects, the hourly rate as an offer in KES, a rating only from real reviews).
 */
export function subjectJsonLd(path: string, tutors: readonly TutorCard[], language: Language, origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    url: pageUrl(origin, path, language),
    numberOfItems: tutors.length,
    itemListElement: tutors.map((tutor, i) => {
      const tutorPath = `/tutor-profile/${encodeURIComponent(tutor.id)}`;
      const figures = tutor.figures;
      const rated = figures && figures.reviewCount > 0 && typeof figures.rating === 'number';
      return {
        '@type': 'ListItem',
        position: i + 1,
        url: pageUrl(origin, tutorPath, language),
        item: {
          '@type': 'Person',
          // The tutor's own page carries the same @id (tutorJsonLd).
          '@id': `${pageUrl(origin, tutorPath, DEFAULT_LANGUAGE)}#person`,
          name: `${tutor.firstName} ${tutor.lastName}`.trim(),
          url: pageUrl(origin, tutorPath, language),
          knowsAbout: tutor.subjects,
          ...(rated ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: figures.rating, reviewCount: figures.reviewCount, bestRating: 5, worstRating: 1 } } : {}),
          makesOffer: { '@type': 'Offer', price: tutor.hourlyRate, priceCurrency: 'KES' },
        },
      };
    }),
  };
}

/**
 * A subject or grade page's head (/tutors/{slug}[/{grade}]): `title` and `description`, the page's own
 * (as the SPA names it, in `language`); the ItemList of its tutors only when it lists some.
 */
export function subjectHead(path: string, tutors: readonly TutorCard[], language: Language, origin: string, text: { title: string; description: string }): RecordHead {
  const { title } = text;
  const description = shorten(text.description, DESCRIPTION_LENGTH);
  const tags = headTags({
    path, language, origin, type: 'website', title, description, imageAlt: title,
    ...(tutors.length ? { jsonLd: subjectJsonLd(path, tutors, language, origin) } : {}),
  });
  return { title, description, tags };
}

/**
 * A record's page: the built index.html shell (`template`, or a preloading shell) with the record's head, its
 * rendered markup in #root, and the record as a JSON data block the SPA hydrates with (a data
 * block is never run, so the CSP, which forbids inline scripts, allows it).
 */
export function recordPage(template: string, page: { language: Language; head: RecordHead; markup: string; record: { key: readonly unknown[]; data: unknown } }): string {
  const { language, head, markup, record } = page;
  const description = /(<meta\s+name="description"\s+content=")[^"]*(")/;
  // A preloading shell already carries its loading state in #root and a generic title.
  if (!description.test(template)) throw new Error('The shell has no <meta name="description"> to fill');
  const withHead = template
    .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)} · ${PRODUCT}</title>`)
    .replace(description, `$1${escapeHtml(head.description)}$2`)
    .replace('</head>', `${head.tags}<script type="application/json" id="${RECORD_DATA_ID}">${jsonForScript(record)}</script></head>`);
  const root = /<div id="root">[\s\S]*?<\/div>(?=\s*<noscript>)/;
  if (!root.test(withHead)) throw new Error('The shell has no <div id="root"> before its <noscript> to render into');
  return withHead.replace(root, () => `<div id="root">${markup}</div>`);
}
