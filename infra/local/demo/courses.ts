/**
 * Eighteen demo courses from verified demo tutors, made through the courses service as
 * a tutor would: a banner thumbnail and lesson files staged like browser uploads (then checked
 * by the service), lessons added in order, the course published. Some free, some paid.
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { CourseCategory, CourseLevel, CourseSubject } from '../../../functions/courses/catalog.js';
import {
  addLesson, catalogue, courseDetail, createCourse, enrol, markLessonDone, publishCourse,
} from '../../../functions/courses/service.js';
import { stagingPrefix } from '../../../functions/uploads/storage.js';
import { writePdf } from '../../documents/pdf.js';
import { demoHue, hsl, Raster } from './avatar.js';
import { wrapText } from './bitmap-font.js';
import { clientConfig, type LocalResources } from '../emulators/provision.js';

export interface DemoCourse {
  /** Index into demoTutors (a verified one). */
  tutor: number;
  title: string; description: string; subject: CourseSubject; level: CourseLevel; category: CourseCategory;
  price: number | null; durationWeeks: number;
  /** Lesson titles and texts; a third element asks for a small PDF handout. */
  lessons: Array<[title: string, text: string, handout?: true]>;
  /** Listed on /certification as a certification program. */
  program?: true;
}

const L = (title: string, text: string, handout?: true): [string, string, true?] => (handout ? [title, text, handout] : [title, text]);

export const demoCourses: DemoCourse[] = [
  { tutor: 0, title: 'KCSE Mathematics: Paper 1 Revision', description: 'Topic-by-topic revision of KCSE Paper 1 with worked past-paper questions: algebra, quadratic equations, vectors and probability.', subject: 'Mathematics', level: 'secondary', category: 'KCSE Prep', price: null, durationWeeks: 6,
    lessons: [L('Algebraic expressions', 'Expand, factorise and simplify. Work through the ten practice questions, then check your answers against the handout.', true), L('Quadratic equations', 'Solve by factorising, completing the square and the formula. Know when each is quickest.'), L('Probability', 'Tree diagrams and combined events, with KCSE questions from 2019 to 2023.')] },
  // Paid, with two seeded sales (seed.ts seedMoneyToWithdraw): its revenue shows on tutor01's Courses tab.
  { tutor: 0, title: 'KCSE Mathematics: Paper 2 Practice', description: 'Timed KCSE-style Paper 2 practice papers with marking schemes: geometry, trigonometry, calculus and statistics.', subject: 'Mathematics', level: 'secondary', category: 'KCSE Prep', price: 1500, durationWeeks: 4,
    lessons: [L('Trigonometry', 'Sine and cosine rules, bearings and 3D problems from KCSE Paper 2.'), L('Calculus', 'Differentiation and areas under curves, with the marking scheme of each question.')] },
  { tutor: 1, title: 'KCSE Chemistry: Organic Chemistry Made Simple', description: 'Alkanes, alkenes, alkynes, alkanols and alkanoic acids: naming, reactions and the tests examiners love.', subject: 'Chemistry', level: 'secondary', category: 'KCSE Prep', price: 1500, durationWeeks: 4, program: true,
    lessons: [L('Naming organic compounds', 'IUPAC names step by step: find the longest chain, number it, name the branches.', true), L('Reactions of alkenes', 'Addition of hydrogen, halogens and water; polymerisation.')] },
  { tutor: 2, title: 'KCSE English: Set Books Essay Writing', description: 'Plan and write high-scoring set book essays in 40 minutes, with model answers and marking guides.', subject: 'English', level: 'secondary', category: 'KCSE Prep', price: 1200, durationWeeks: 5, lessons: [] },
  { tutor: 4, title: 'Kiswahili: Insha na Fasihi kwa KCSE', description: 'Mbinu za kuandika insha bora na uchambuzi wa fasihi simulizi na andishi kwa wanafunzi wa kidato cha nne.', subject: 'Kiswahili', level: 'secondary', category: 'KCSE Prep', price: null, durationWeeks: 4,
    lessons: [L('Muundo wa insha', 'Utangulizi, mwili na hitimisho: jinsi ya kupanga mawazo kabla ya kuandika.')] },
  { tutor: 20, title: 'JAMB Mathematics: 60 Days to 300+', description: 'A daily plan through the JAMB Use of Mathematics syllabus with timed drills and the shortcuts that save minutes.', subject: 'Mathematics', level: 'secondary', category: 'JAMB Prep', price: 2500, durationWeeks: 8,
    lessons: [L('Number bases and indices', 'Convert between bases quickly and apply the laws of indices.'), L('Logarithms', 'Log laws and the three question types JAMB repeats every year.', true)] },
  { tutor: 21, title: 'JAMB Use of English: Comprehension and Lexis', description: 'Comprehension passages, synonyms and antonyms, and oral English, with 400 practice questions.', subject: 'English', level: 'secondary', category: 'JAMB Prep', price: null, durationWeeks: 3, lessons: [] },
  { tutor: 5, title: 'JAMB Physics: Mechanics and Waves', description: 'Motion, forces, energy and waves for UTME candidates, with every formula you need on one page.', subject: 'Physics', level: 'secondary', category: 'JAMB Prep', price: 1800, durationWeeks: 6, lessons: [] },
  { tutor: 3, title: 'Introduction to Programming with Python', description: 'Variables, loops, functions and files: build five small programs that solve everyday problems.', subject: 'Computer Science', level: 'university', category: 'University', price: null, durationWeeks: 8, program: true,
    lessons: [L('Your first program', 'Install Python, run print("Habari"), and learn how the interpreter reads your code.'), L('Loops and lists', 'Repeat work with for and while; keep data in lists.'), L('Functions', 'Name a piece of work and reuse it; parameters and return values.')] },
  { tutor: 22, title: 'Data Structures for First-Year Students', description: 'Arrays, linked lists, stacks, queues and trees, with the complexity of every operation.', subject: 'Computer Science', level: 'university', category: 'University', price: 3500, durationWeeks: 10, lessons: [] },
  { tutor: 8, title: 'Cell Biology for University Entrance', description: 'Cell structure, membranes, respiration and photosynthesis at the depth first-year courses expect.', subject: 'Biology', level: 'university', category: 'University', price: 2000, durationWeeks: 6, lessons: [] },
  { tutor: 7, title: 'Bookkeeping for Small Businesses', description: 'Record sales, expenses and M-Pesa payments, and read a simple profit and loss statement.', subject: 'Business Studies', level: 'professional', category: 'Skills', price: null, durationWeeks: 3, program: true,
    lessons: [L('Why keep books', 'What records the KRA expects and what they tell you about your business.'), L('A simple cash book', 'One page a day: money in, money out, balance.', true)] },
  { tutor: 15, title: 'Build Your First Website', description: 'HTML and CSS from zero to a published one-page site for yourself or your business.', subject: 'Computer Science', level: 'professional', category: 'Skills', price: 999, durationWeeks: 4, lessons: [] },
  { tutor: 11, title: 'Map Reading and GIS Basics', description: 'Read topographical maps, measure distances and areas, and make your first map with free GIS tools.', subject: 'Geography', level: 'professional', category: 'Skills', price: null, durationWeeks: 2, lessons: [] },
  // One Skills course for each skill the landing page names (its chips open these).
  { tutor: 15, title: 'Programming for Beginners with JavaScript', description: 'Variables, decisions and loops in the browser: build a shopping-list app and a tip calculator.', subject: 'Computer Science', level: 'professional', category: 'Skills', price: 1200, durationWeeks: 4, lessons: [] },
  { tutor: 22, title: 'Data Analysis with Spreadsheets', description: 'Clean a sales sheet, summarise it with pivot tables and show the trend in a chart your manager can read.', subject: 'Computer Science', level: 'professional', category: 'Skills', price: 1500, durationWeeks: 3, lessons: [] },
  { tutor: 23, title: 'Digital Marketing for Small Businesses', description: 'WhatsApp catalogues, a Google Business profile and simple social posts that bring customers to a small shop.', subject: 'Business Studies', level: 'professional', category: 'Skills', price: null, durationWeeks: 3, lessons: [] },
  { tutor: 14, title: 'Graphic Design with Free Tools', description: 'Posters, flyers and social images with free design tools: layout, colour and type that read well on a phone.', subject: 'Computer Science', level: 'secondary', category: 'Skills', price: 800, durationWeeks: 2, lessons: [] },
  { tutor: 9, title: 'Financial Literacy: Budgeting, Saving and M-Pesa', description: 'Make a monthly budget, save with M-Shwari and chamas, and understand loan interest before you borrow.', subject: 'Business Studies', level: 'professional', category: 'Skills', price: null, durationWeeks: 2, lessons: [] },
  { tutor: 16, title: 'Public Speaking with Confidence', description: 'Plan a five-minute talk, open strongly, handle nerves and answer questions, with practice feedback.', subject: 'English', level: 'professional', category: 'Skills', price: 1000, durationWeeks: 3, lessons: [] },
];

/** The course the demo student has finished, so /certification shows a real certificate and badges. */
export const DEMO_COMPLETED_COURSE = 'Bookkeeping for Small Businesses';

/**
 * Enrols the (new) demo student in DEMO_COMPLETED_COURSE and marks every lesson done, as the
 * student would: the last one publishes CourseCompleted, and the certificate consumer issues the
 * certificate once the event runner is up.
 */
export async function completeDemoCourse(studentId: string): Promise<void> {
  const student = { id: studentId, groups: ['student'], role: 'student' as const };
  const { courses } = await catalogue({ q: DEMO_COMPLETED_COURSE, category: 'Skills' });
  const course = courses.find((c) => c.title === DEMO_COMPLETED_COURSE);
  if (!course) return;
  await enrol(student, course.id);
  for (const lesson of (await courseDetail(course.id)).lessons) await markLessonDone(student, course.id, lesson.id);
}

/**
 * A 320×180 banner with the course's title (its own words, shown as written in either language)
 * in white capitals on the course's own colour (the n-th demo course's hue). No subject on the
 * art: pixels cannot follow the page's language, so the card names the subject in text.
 */
export function bannerPng(n: number, title: string): Buffer {
  const width = 320;
  const height = 180;
  const banner = new Raster(width, height, hsl(demoHue(n + 7), 0.5, 0.3));
  const white: [number, number, number] = [255, 255, 255];
  banner.fill(0, height - 12, width, 12, hsl(demoHue(n + 7), 0.45, 0.45));
  const lines = wrapText(title, 16, 4);
  const top = Math.round((height - 12 - (lines.length * 30 - 9)) / 2);
  lines.forEach((line, k) => banner.text(line, 16, top + k * 30, 3, white));
  return banner.png();
}

/** A one-page PDF handout (a real PDF: the service reads its type from the bytes). */
const handoutPdf = (title: string) => writePdf({ title, pages: [[{ text: title, size: 18, bold: true }]] });

/** Seeds the tutor's demo courses (call once, for a new verified tutor); answers the ids of the paid ones. */
export async function seedTutorCourses(resources: LocalResources, tutorIndex: number, userId: string): Promise<string[]> {
  const mine = demoCourses.filter((c) => c.tutor === tutorIndex);
  const paid: string[] = [];
  if (mine.length === 0) return paid;
  const s3 = new S3Client({ ...clientConfig(resources), forcePathStyle: true });
  const tutor = { id: userId, groups: ['tutor'], role: 'tutor' as const };
  let n = 0;
  const stage = async (name: string, body: Buffer, type: string) => {
    const key = `${stagingPrefix('course-material', userId)}${Date.now()}${n++}_${name}`;
    await s3.send(new PutObjectCommand({ Bucket: resources.uploadsBucket, Key: key, Body: body, ContentType: type }));
    return key;
  };
  for (const c of mine) {
    const thumbnailKey = await stage('banner.png', bannerPng(demoCourses.indexOf(c), c.title), 'image/png');
    const course = await createCourse(tutor, {
      title: c.title, description: c.description, subject: c.subject, level: c.level, category: c.category,
      price: c.price, durationWeeks: c.durationWeeks, thumbnailKey, ...(c.program ? { certificationProgram: true } : {}),
    });
    const lessons = c.lessons.length ? c.lessons : [L('Welcome and course plan', `What ${c.title} covers, week by week, and how to get the most from it.`)];
    for (const [title, text, handout] of lessons) {
      const fileKey = handout ? await stage('handout.pdf', handoutPdf(title), 'application/pdf') : undefined;
      await addLesson(tutor, course.id, { title, text, ...(fileKey ? { fileKey } : {}) });
    }
    await publishCourse(tutor, course.id);
    if (c.price) paid.push(course.id);
  }
  return paid;
}
