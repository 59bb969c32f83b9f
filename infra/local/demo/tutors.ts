/** 30 demo tutors across subjects, levels and price points (names common in East and West Africa). */
import type { Level } from '../../../functions/tutors/catalog.js';

export interface DemoTutor {
  firstName: string; lastName: string; country: string;
  preferredSubjects: string[]; expertise: string[]; specializations: string[]; levels: Level[];
  hourlyRate: number | null; bio: string; teachingExperience: string; educationBackground: string;
  verified: boolean;
  /** Grade catalog ids taught, derived from the levels (demoGrades): the same on every run. */
  grades: string[];
  /** [dayOfWeek, startHour, endHour] in Africa/Nairobi unless timeZone says otherwise. */
  availability: Array<[number, number, number]>;
  timeZone?: string;
}

/**
 * Each tutor's own words: the bio's first line is the headline browse shows, then how they teach;
 * where and how long they have taught; their education. All different, as real tutors' are.
 */
const PROFILES: Record<string, Pick<DemoTutor, 'bio' | 'teachingExperience' | 'educationBackground'>> = {
  'Grace Wanjiru': {
    bio: 'Former KCSE examiner: I teach the marking scheme as well as the maths.\nGrace breaks Papers 1 and 2 into the question types that come every year and drills each until it is automatic.',
    teachingExperience: "9 years teaching Mathematics at a Nairobi girls' secondary school; KCSE examiner since 2019",
    educationBackground: 'BEd (Mathematics and Physics), Kenyatta University',
  },
  'Brian Otieno': {
    bio: 'Chemistry and Biology practicals without a full lab.\nBrian shows every practical with kitchen materials on camera, then walks you through the write-up examiners want.',
    teachingExperience: "7 years at a Kisumu boys' secondary school; runs the county science fair workshop",
    educationBackground: 'BSc (Chemistry), Maseno University',
  },
  'Faith Achieng': {
    bio: 'Reading and writing that students enjoy.\nFaith uses short stories, debates and set-book role play so composition stops being a chore.',
    teachingExperience: "6 years in primary and secondary schools in Kisumu; reviews children's books for a local paper",
    educationBackground: 'BA (English and Literature), University of Nairobi',
  },
  'Kevin Kiprop': {
    bio: 'Software engineer who teaches code the way teams write it.\nKevin pairs with you on real projects: version control, tests and code review from the first week.',
    teachingExperience: '5 years building payment systems at a Nairobi fintech; 3 years mentoring at a coding bootcamp',
    educationBackground: 'BSc (Computer Science), JKUAT',
  },
  'Mercy Njeri': {
    bio: 'Kiswahili sanifu na fasihi, kwa upole na mifano ya kila siku.\nMercy teaches insha, sarufi and fasihi simulizi with songs, proverbs and newspaper cuttings.',
    teachingExperience: '11 years teaching Kiswahili and History in Nyeri primary and secondary schools',
    educationBackground: 'BEd (Kiswahili and History), Egerton University',
  },
  'Samuel Mutua': {
    bio: 'Physics for future engineers: from formulas to why they work.\nSamuel starts every topic with a question about a real machine, then derives the formula with you.',
    teachingExperience: '8 years at a national secondary school; lectures part-time at a technical university',
    educationBackground: 'MSc (Physics), University of Nairobi',
  },
  'Aisha Mohamed': {
    bio: 'Arabic and Islamic Religious Education for young learners.\nAisha teaches reading and tajweed step by step, and IRE for the primary and junior secondary syllabus.',
    teachingExperience: '10 years at madrasa and primary schools in Mombasa',
    educationBackground: 'BA (Arabic Studies), Pwani University',
  },
  'Peter Kamau': {
    bio: 'Chartered accountant who makes Accounting and Economics practical.\nPeter uses real invoices, M-Pesa statements and market prices so every entry has a story.',
    teachingExperience: '12 years in audit; 6 years teaching CPA and KCSE Business Studies in the evenings',
    educationBackground: 'BCom (Accounting), Strathmore University; CPA(K)',
  },
  'Lucy Wambui': {
    bio: 'Biology through farming: from the shamba to the syllabus.\nLucy links genetics, ecology and plant biology to the crops and livestock her students know.',
    teachingExperience: "6 years at a Murang'a secondary school; 4-K club patron",
    educationBackground: 'BSc (Agriculture), Egerton University',
  },
  'Daniel Omondi': {
    bio: 'Statistics that makes sense of data, for university and work.\nDaniel teaches probability and regression with spreadsheets and public Kenyan datasets.',
    teachingExperience: '7 years as a university teaching assistant and a survey data analyst',
    educationBackground: 'MSc (Statistics), Strathmore University',
  },
  'Esther Chebet': {
    bio: 'French and English for school, DELF exams and work.\nEsther teaches conversation first and grammar when you need it, with audio from francophone Africa.',
    teachingExperience: '9 years teaching languages at a cultural centre and an international school in Nairobi',
    educationBackground: 'BA (French and Linguistics), Kenyatta University',
  },
  'Joseph Mwangi': {
    bio: 'Geography and History as stories, maps and field trips.\nJoseph turns every topic into a map you draw and a story you can retell in the exam.',
    teachingExperience: '10 years at a Nakuru secondary school; leads a yearly field trip to the Rift Valley',
    educationBackground: 'BEd (Geography and History), Moi University',
  },
  'Neema Moraa': {
    bio: 'Maths and Chemistry for young learners who need confidence.\nNeema uses counters, games and short daily practice so primary pupils enjoy numbers.',
    teachingExperience: '5 years teaching upper primary in Kisii',
    educationBackground: 'Diploma in Primary Education, Kisii Teachers College',
  },
  'Ibrahim Hassan': {
    bio: 'Physics and Computer Science, taught by a robotics club coach.\nIbrahim teaches with microcontrollers and simulations: you see the physics, then code it.',
    teachingExperience: '6 years at a Garissa secondary school; coached two national robotics finalists',
    educationBackground: 'BSc (Physics and Computer Science), Moi University',
  },
  'Wairimu Gathoni': {
    bio: 'Music and Art for creative children and teenagers.\nWairimu teaches theory, keyboard and drawing, and prepares portfolios for the arts pathway.',
    teachingExperience: '8 years teaching music and art in Kiambu schools; choir director',
    educationBackground: 'BA (Music), Kenyatta University',
  },
  'Collins Barasa': {
    bio: 'Full-stack developer teaching professionals to code.\nCollins builds web and mobile apps with you, from the first line to a deployed project.',
    teachingExperience: '9 years as a developer at Nairobi start-ups; open-source maintainer',
    educationBackground: 'BSc (Software Engineering), Multimedia University of Kenya',
  },
  'Halima Abdi': {
    bio: 'Public speaking and business English for professionals.\nHalima coaches presentations, interviews and meetings, with recorded practice and feedback.',
    teachingExperience: '7 years as a communications trainer for banks and NGOs',
    educationBackground: 'MA (Communication), Daystar University',
  },
  'Victor Kibet': {
    bio: 'Chemistry and Physics for KCSE and first-year university.\nVictor explains calculations step by step and sends a one-page summary after each lesson.',
    teachingExperience: '6 years at an Eldoret secondary school; marks KCSE Chemistry',
    educationBackground: 'BSc (Chemistry and Physics), University of Eldoret',
  },
  'Janet Akinyi': {
    bio: 'Biology and Home Science made hands-on.\nJanet teaches nutrition, health and biology with everyday examples from the home.',
    teachingExperience: '9 years in Homa Bay primary and secondary schools',
    educationBackground: 'BEd (Home Science and Biology), Maseno University',
  },
  'Moses Ndirangu': {
    bio: 'Economics for university students who want the intuition.\nMoses draws every model, then checks it against prices and policies in the news.',
    teachingExperience: '5 years tutoring first- and second-year economics',
    educationBackground: 'MA (Economics), University of Nairobi',
  },
  'Chiamaka Okafor': {
    bio: 'WAEC and JAMB Mathematics and Physics, from Lagos.\nChiamaka drills exam-style questions under timed conditions and shows the shortcuts that save minutes.',
    teachingExperience: '7 years at a Lagos secondary school; JAMB preparation classes every year',
    educationBackground: 'BSc (Mathematics), University of Lagos',
  },
  'Tunde Adeyemi': {
    bio: 'Literature and English for secondary and university students.\nTunde teaches close reading and essay structure, with African writers at the centre.',
    teachingExperience: '8 years teaching literature in Ibadan; published short-story writer',
    educationBackground: 'MA (English), University of Ibadan',
  },
  'Kwame Mensah': {
    bio: 'Data science and statistics for working professionals.\nKwame teaches Python, SQL and statistics on the kind of data you use at work.',
    teachingExperience: '10 years as a data scientist in Accra; guest lecturer on data analysis',
    educationBackground: 'MSc (Computer Science), University of Ghana',
  },
  'Thandiwe Dlamini': {
    bio: 'Mathematics and Accounting for school and professional exams.\nThandiwe pairs each method with a worked example and ends every lesson with a short quiz.',
    teachingExperience: '8 years teaching in Johannesburg schools; trainer at an accounting firm',
    educationBackground: 'BCom (Accounting), University of the Witwatersrand',
  },
  'Amani Juma': {
    bio: 'Kiswahili na Jiografia kwa shule ya msingi.\nAmani teaches young learners to read, write and speak Kiswahili with stories and maps of East Africa.',
    teachingExperience: '6 years teaching primary school in Dar es Salaam',
    educationBackground: 'Diploma in Education, Dar es Salaam University College of Education',
  },
  'Ruth Nakato': {
    bio: 'Biology and Chemistry for A-level and university entry.\nRuth explains experiments clearly and sets weekly questions from the Ugandan and Kenyan syllabuses.',
    teachingExperience: '7 years at a Kampala secondary school',
    educationBackground: 'BSc (Biochemistry), Makerere University',
  },
  'Elijah Kariuki': {
    bio: 'German and French for work and study abroad.\nElijah prepares learners for Goethe and DELF exams and for interviews in both languages.',
    teachingExperience: '6 years teaching languages at a Nairobi language school',
    educationBackground: 'BA (German and French), Kenyatta University',
  },
  'Sharon Atieno': {
    bio: 'Psychology and Sociology for university students.\nSharon links theory to research and everyday life, and helps with essays and research methods.',
    teachingExperience: '4 years as a teaching assistant and counsellor',
    educationBackground: 'MA (Counselling Psychology), USIU-Africa',
  },
  'Dennis Waweru': {
    bio: 'Spanish and English conversation for beginners.\nDennis teaches through conversation, songs and travel situations from the first lesson.',
    teachingExperience: '5 years teaching languages online and at a Nairobi language centre',
    educationBackground: 'BA (Spanish and Linguistics), University of Nairobi',
  },
  'Beatrice Muthoni': {
    bio: "Patient Mathematics tutor for pupils who are behind.\nBeatrice finds the gaps from earlier classes and fills them before moving on to this year's work.",
    teachingExperience: '7 years teaching primary and junior secondary in Thika',
    educationBackground: 'BEd (Mathematics), Mount Kenya University',
  },
};

const range = (prefix: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => `${prefix}${from + k}`);

/**
 * Plausible grades for a demo tutor's levels, varied by the tutor's place in the list (so browse by
 * grade shows some tutors and not others): primary teachers take CBC Grades 1–6 or 4–9 (Junior
 * School); secondary teachers 8-4-4 Forms 1–4 with CBC Grade 10, every other one also Junior School
 * (Grades 7–9), every third also IGCSE Years 10–11; university all four years; professional adults.
 */
export function demoGrades(levels: readonly Level[], i: number): string[] {
  const grades = new Set<string>();
  if (levels.includes('primary')) range('cbc-grade-', i % 2 === 0 ? 4 : 1, i % 2 === 0 ? 9 : 6).forEach((g) => grades.add(g));
  if (levels.includes('secondary')) {
    if (i % 2 === 1) range('cbc-grade-', 7, 9).forEach((g) => grades.add(g));
    grades.add('cbc-grade-10');
    range('844-form-', 1, 4).forEach((g) => grades.add(g));
    if (i % 3 === 0) range('igcse-year-', 10, 11).forEach((g) => grades.add(g));
  }
  if (levels.includes('university')) range('university-year-', 1, 4).forEach((g) => grades.add(g));
  if (levels.includes('professional')) grades.add('adult-learner');
  return [...grades];
}

const t = (
  firstName: string, lastName: string, subjects: string[], levels: Level[], hourlyRate: number | null,
  verified: boolean, availability: Array<[number, number, number]>, extra: Partial<DemoTutor> = {},
): Omit<DemoTutor, 'grades'> => ({
  firstName, lastName, country: 'Kenya', preferredSubjects: subjects.slice(0, 2), expertise: subjects.slice(2),
  specializations: levels.includes('secondary') ? ['KCSE Preparation', 'Exam Preparation'] : ['One-on-One Tutoring'],
  levels, hourlyRate, verified, availability,
  ...PROFILES[`${firstName} ${lastName}`]!,
  ...extra,
});

const listed: Array<Omit<DemoTutor, 'grades'>> = [
  t('Grace', 'Wanjiru', ['Mathematics', 'Physics', 'Further Mathematics'], ['secondary', 'university'], 1800, true, [[1, 9, 12], [3, 14, 17], [6, 9, 11]]),
  t('Brian', 'Otieno', ['Chemistry', 'Biology'], ['secondary'], 1500, true, [[2, 16, 19], [4, 16, 19]]),
  t('Faith', 'Achieng', ['English', 'Literature', 'Creative Writing'], ['primary', 'secondary'], 1200, true, [[1, 15, 18], [5, 15, 18]]),
  t('Kevin', 'Kiprop', ['Computer Science', 'Programming'], ['university', 'professional'], 3500, true, [[2, 18, 20], [6, 10, 14]]),
  t('Mercy', 'Njeri', ['Kiswahili', 'History'], ['primary', 'secondary'], 1000, true, [[1, 8, 10], [3, 8, 10], [5, 8, 10]]),
  t('Samuel', 'Mutua', ['Physics', 'Mathematics', 'Engineering'], ['secondary', 'university'], 2200, true, [[0, 14, 18]]),
  t('Aisha', 'Mohamed', ['Arabic', 'Religious Education'], ['primary', 'secondary'], 900, true, [[6, 9, 13], [0, 9, 12]]),
  t('Peter', 'Kamau', ['Accounting', 'Business Studies', 'Economics'], ['secondary', 'professional'], 2800, true, [[2, 17, 20], [4, 17, 20]]),
  t('Lucy', 'Wambui', ['Biology', 'Agriculture'], ['secondary'], null, true, [[3, 9, 13]]),
  t('Daniel', 'Omondi', ['Mathematics', 'Statistics'], ['university', 'professional'], 3000, true, [[1, 18, 20], [2, 18, 20], [3, 18, 20]]),
  t('Esther', 'Chebet', ['French', 'English'], ['primary', 'secondary', 'professional'], 2000, true, [[5, 10, 14]]),
  t('Joseph', 'Mwangi', ['Geography', 'History'], ['secondary'], 1100, true, [[4, 14, 17]]),
  t('Neema', 'Moraa', ['Mathematics', 'Chemistry'], ['primary'], 800, true, [[6, 8, 12]]),
  t('Ibrahim', 'Hassan', ['Physics', 'Computer Science'], ['secondary', 'university'], 2500, true, [[0, 10, 13], [3, 19, 20]]),
  t('Wairimu', 'Gathoni', ['Music', 'Art and Design'], ['primary', 'secondary'], 1300, true, [[6, 14, 18]]),
  t('Collins', 'Barasa', ['Programming', 'Mathematics'], ['professional'], 4500, true, [[2, 19, 20], [6, 8, 12]]),
  t('Halima', 'Abdi', ['English', 'Public Speaking'], ['university', 'professional'], 2600, true, [[1, 12, 15]]),
  t('Victor', 'Kibet', ['Chemistry', 'Physics'], ['secondary', 'university'], 1900, true, [[5, 16, 20]]),
  t('Janet', 'Akinyi', ['Biology', 'Home Science'], ['primary', 'secondary'], 950, true, [[2, 9, 12], [4, 9, 12]]),
  t('Moses', 'Ndirangu', ['Economics', 'Mathematics'], ['university'], 2300, true, [[3, 17, 20]]),
  t('Chiamaka', 'Okafor', ['Mathematics', 'Physics'], ['secondary'], 2100, true, [[1, 16, 19]], { country: 'Nigeria', timeZone: 'Africa/Lagos' }),
  t('Tunde', 'Adeyemi', ['English', 'Literature'], ['secondary', 'university'], 1700, true, [[2, 15, 18]], { country: 'Nigeria', timeZone: 'Africa/Lagos' }),
  t('Kwame', 'Mensah', ['Computer Science', 'Statistics'], ['university', 'professional'], 3800, true, [[4, 10, 13]], { country: 'Ghana', timeZone: 'Africa/Accra' }),
  t('Thandiwe', 'Dlamini', ['Mathematics', 'Accounting'], ['secondary', 'professional'], 2700, true, [[0, 15, 19]], { country: 'South Africa', timeZone: 'Africa/Johannesburg' }),
  t('Amani', 'Juma', ['Kiswahili', 'Geography'], ['primary'], 700, true, [[1, 8, 11], [2, 8, 11]], { country: 'Tanzania', timeZone: 'Africa/Dar_es_Salaam' }),
  t('Ruth', 'Nakato', ['Biology', 'Chemistry'], ['secondary', 'university'], 1600, true, [[5, 9, 12]], { country: 'Uganda', timeZone: 'Africa/Kampala' }),
  t('Elijah', 'Kariuki', ['German', 'French'], ['professional'], 3200, false, [[3, 10, 12]]),
  t('Sharon', 'Atieno', ['Psychology', 'Sociology'], ['university'], 2400, false, [[4, 18, 20]]),
  t('Dennis', 'Waweru', ['Spanish', 'English'], ['secondary', 'professional'], 2000, false, []),
  t('Beatrice', 'Muthoni', ['Mathematics'], ['primary', 'secondary'], 1400, false, [[6, 15, 17]]),
];

export const demoTutors: DemoTutor[] = listed.map((tutor, i) => ({ ...tutor, grades: demoGrades(tutor.levels, i) }));
