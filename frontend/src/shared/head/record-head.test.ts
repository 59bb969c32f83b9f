import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CourseDetail } from '@functions/courses/contract';
import type { PublicTutorProfile } from '@functions/tutors/contract';
import { catalogueHead, courseHead, courseJsonLd, jsonForScript, recordPage, subjectHead, subjectJsonLd, tutorHead, tutorJsonLd } from './record-head';

const template = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
const ORIGIN = 'https://alp.example';

const tutor = (overrides: Partial<PublicTutorProfile> = {}): PublicTutorProfile => ({
  id: 'tut_01', firstName: 'Amina', lastName: 'Otieno', profilePhotoUrl: 'https://cdn.alp.example/photos/amina.jpg',
  subjects: ['Mathematics', 'Physics'], levels: ['secondary'], hourlyRate: 1500, verified: true, country: 'KE',
  headline: 'KCSE maths made clear', bio: 'Ten years of teaching.', expertise: [], specializations: [], preferredSubjects: [],
  certifications: [], timeZone: 'Africa/Nairobi', memberSince: '2026-01-01', stats: { completedSessions: 0, weeklyHours: 0 },
  figures: { reviewCount: 0, lessonsTaught: 0, studentsTaught: 0 },
  ...overrides,
});

/** The JSON-LD of a page, parsed back as a search engine reads it. */
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<string, unknown>;

describe('a tutor page\'s head', () => {
  it('rates a tutor only from real reviews', () => {
    expect(tutorJsonLd(tutor(), 'en', ORIGIN)).not.toHaveProperty('aggregateRating');
    // A rating without any review behind it is not shown either.
    expect(tutorJsonLd(tutor({ figures: { rating: 5, reviewCount: 0, lessonsTaught: 3, studentsTaught: 1 } }), 'en', ORIGIN)).not.toHaveProperty('aggregateRating');
    const rated = tutorJsonLd(tutor({ figures: { rating: 4.7, reviewCount: 12, lessonsTaught: 40, studentsTaught: 9 } }), 'en', ORIGIN);
    expect(rated.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4.7, reviewCount: 12, bestRating: 5 });
  });

  it('offers the hourly rate in KES', () => {
    const ld = jsonLd(tutorHead(tutor(), 'en', ORIGIN).tags);
    expect(ld).toMatchObject({ '@type': 'Person', name: 'Amina Otieno', image: 'https://cdn.alp.example/photos/amina.jpg', knowsAbout: ['Mathematics', 'Physics'] });
    expect(ld.makesOffer).toMatchObject({ '@type': 'Offer', price: 1500, priceCurrency: 'KES', priceSpecification: { unitCode: 'HUR' } });
  });

  it('has a canonical URL per language and hreflang alternates for English and Kiswahili', () => {
    const en = tutorHead(tutor(), 'en', ORIGIN).tags;
    const sw = tutorHead(tutor(), 'sw', ORIGIN).tags;
    expect(en).toContain('<link rel="canonical" href="https://alp.example/tutor-profile/tut_01">');
    expect(sw).toContain('<link rel="canonical" href="https://alp.example/tutor-profile/tut_01?lang=sw">');
    for (const tags of [en, sw]) {
      expect(tags).toContain('<link rel="alternate" hreflang="en" href="https://alp.example/tutor-profile/tut_01">');
      expect(tags).toContain('<link rel="alternate" hreflang="sw" href="https://alp.example/tutor-profile/tut_01?lang=sw">');
      expect(tags).toContain('<link rel="alternate" hreflang="x-default" href="https://alp.example/tutor-profile/tut_01">');
    }
  });

  it('gives link previews the name, the price and the photo, in the page\'s language', () => {
    const en = tutorHead(tutor(), 'en', ORIGIN);
    expect(en.description).toBe("Amina Otieno teaches Mathematics, Physics on Africa's Learning Platform: one-on-one lessons from KES 1,500 an hour.");
    expect(en.tags).toContain('<meta property="og:image" content="https://cdn.alp.example/photos/amina.jpg">');
    expect(en.tags).toContain('<meta property="og:title" content="Amina Otieno">');
    expect(en.tags).toContain('<meta name="twitter:card" content="summary_large_image">');
    const sw = tutorHead(tutor(), 'sw', ORIGIN);
    expect(sw.description).toContain('anafundisha Mathematics, Physics');
    expect(sw.tags).toContain('<meta property="og:locale" content="sw_KE">');
  });

  it('has no image tags without a photo, and never a non-web image URL', () => {
    expect(tutorHead(tutor({ profilePhotoUrl: undefined }), 'en', ORIGIN).tags).not.toContain('og:image');
    const tags = tutorHead(tutor({ profilePhotoUrl: 'javascript:alert(1)' }), 'en', ORIGIN).tags;
    expect(tags).not.toContain('og:image');
    expect(tags).not.toContain('javascript:');
  });

  it('escapes a name and bio that try to inject script or attributes', () => {
    const evil = tutor({
      firstName: '</script><script>alert(1)</script>',
      lastName: '" onload="alert(2)',
      headline: '<!-- <script>alert(3)</script> \u2028',
    });
    const head = tutorHead(evil, 'en', ORIGIN);
    const page = recordPage(template, { language: 'en', head, markup: '<p>x</p>', record: { key: ['tutors', evil.id], data: evil } });
    // The only script elements are the two data blocks; none is a script a browser would run.
    const scripts = [...page.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.filter((attrs) => !/type="application\/(ld\+)?json"/.test(attrs!) && !/src=/.test(attrs!))).toEqual([]);
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('" onload="');
    expect(page).toContain('content="&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot; onload=&quot;alert(2)"');
    expect(page).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot; onload=&quot;alert(2) · ');
    // The JSON-LD still reads back as the tutor wrote it.
    expect(jsonLd(page)).toMatchObject({ name: '</script><script>alert(1)</script> " onload="alert(2)' });
    expect(jsonForScript('</script>')).toBe('"\\u003c/script\\u003e"');
  });

  it('puts the head, the markup and the record in the shell', () => {
    const head = tutorHead(tutor(), 'sw', ORIGIN);
    const page = recordPage(template, { language: 'sw', head, markup: '<h1>Amina Otieno</h1>', record: { key: ['tutors', 'tut_01'], data: tutor() } });
    expect(page).toContain('<html lang="sw">');
    expect(page).toContain("<title>Amina Otieno · Africa's Learning Platform</title>");
    expect(page).toContain('<div id="root"><h1>Amina Otieno</h1></div>');
    expect(page).toMatch(/<meta\s+name="description"\s+content="Amina Otieno anafundisha/);
    expect(JSON.parse(/<script type="application\/json" id="alp-record">([\s\S]*?)<\/script>/.exec(page)![1]!)).toMatchObject({ key: ['tutors', 'tut_01'], data: { id: 'tut_01' } });
  });
});

const course = (overrides: Partial<CourseDetail> = {}): CourseDetail => ({
  id: 'crs_01', title: 'KCSE Chemistry: organic in 4 weeks', description: 'Reactions and mechanisms for the final exam.',
  subject: 'Chemistry', level: 'secondary', category: 'KCSE Prep', price: 1500, durationWeeks: 4,
  tutor: { id: 'tut_01', firstName: 'Amina', lastName: 'Otieno' }, lessonCount: 2, enrolledCount: 7, isPublished: true,
  createdAt: '2026-11-01T08:00:00.000Z', publishedAt: '2026-11-02T08:00:00.000Z', certificationProgram: false,
  lessons: [{ id: 'l1', title: 'Alkanes' }, { id: 'l2', title: 'Mechanisms' }],
  ...overrides,
});

describe("a course page's head", () => {
  it('is a schema.org Course offered in KES by its tutor, with nothing the course does not say', () => {
    const ld = courseJsonLd(course(), 'en', ORIGIN);
    expect(ld).toMatchObject({ '@type': 'Course', name: 'KCSE Chemistry: organic in 4 weeks', url: 'https://alp.example/courses/crs_01' });
    expect(ld.offers).toMatchObject({ '@type': 'Offer', price: 1500, priceCurrency: 'KES', category: 'Paid' });
    expect(ld.provider).toEqual({
      '@type': 'Person', '@id': 'https://alp.example/tutor-profile/tut_01#person', name: 'Amina Otieno', url: 'https://alp.example/tutor-profile/tut_01',
    });
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(JSON.stringify(ld)).not.toContain('"7"');
  });

  it('says a free course is free', () => {
    expect(courseJsonLd(course({ price: null }), 'sw', ORIGIN).offers).toMatchObject({ price: 0, priceCurrency: 'KES', category: 'Free' });
    const head = courseHead(course({ price: null, description: '' }), 'sw', ORIGIN);
    expect(head.description).toContain('bure');
  });

  it('has its canonical URL, hreflang alternates and the drawn card as og:image', () => {
    const sw = courseHead(course(), 'sw', ORIGIN, '/share/course/crs_01.sw.png').tags;
    expect(sw).toContain('<link rel="canonical" href="https://alp.example/courses/crs_01?lang=sw">');
    expect(sw).toContain('<link rel="alternate" hreflang="en" href="https://alp.example/courses/crs_01">');
    expect(sw).toContain('<meta property="og:image" content="https://alp.example/share/course/crs_01.sw.png">');
    expect(sw).toContain('<meta property="og:image:width" content="1200">');
  });

  it('keeps a title with markup as text', () => {
    const head = courseHead(course({ title: '</script><b>Hi</b>' }), 'en', ORIGIN);
    expect(head.tags).not.toContain('</script><b>');
    expect(jsonLd(head.tags).name).toBe('</script><b>Hi</b>');
  });

  it("lists the catalogue's first page of courses", () => {
    const head = catalogueHead({ courses: [course()] }, 'en', ORIGIN, 'Courses');
    expect(head.description).toContain('KCSE Chemistry: organic in 4 weeks');
    expect(jsonLd(head.tags)).toMatchObject({ '@type': 'ItemList', itemListElement: [{ position: 1, url: 'https://alp.example/courses/crs_01' }] });
  });
});

describe("a subject page's head", () => {
  it('lists its tutors as an ItemList of their pages, rated only from real reviews, in the page\'s language', () => {
    const rated = tutor({ id: 'tut_02', figures: { rating: 4.5, reviewCount: 3, lessonsTaught: 9, studentsTaught: 4 } });
    const list = subjectJsonLd('/tutors/chemistry', [tutor({ figures: { rating: 5, reviewCount: 0, lessonsTaught: 1, studentsTaught: 1 } }), rated], 'sw', ORIGIN);
    const items = list.itemListElement as Array<{ position: number; url: string; item: Record<string, unknown> }>;
    expect(list).toMatchObject({ '@type': 'ItemList', url: `${ORIGIN}/tutors/chemistry?lang=sw`, numberOfItems: 2 });
    expect(items.map((i) => [i.position, i.url])).toEqual([[1, `${ORIGIN}/tutor-profile/tut_01?lang=sw`], [2, `${ORIGIN}/tutor-profile/tut_02?lang=sw`]]);
    expect(items[0]!.item).not.toHaveProperty('aggregateRating');
    expect(items[1]!.item.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 3 });
    expect(items[1]!.item.makesOffer).toEqual({ '@type': 'Offer', price: 1500, priceCurrency: 'KES' });
  });

  it('carries no ItemList when the page lists no tutor', () => {
    const head = subjectHead('/tutors/music', [], 'en', ORIGIN, { title: 'Music tutors in Kenya', description: 'Find Music tutors.' });
    expect(head.tags).not.toContain('application/ld+json');
    expect(head.tags).toContain(`<link rel="canonical" href="${ORIGIN}/tutors/music">`);
  });
});
