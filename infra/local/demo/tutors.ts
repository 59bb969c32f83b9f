/** 30 demo tutors across subjects, levels and price points (names common in East and West Africa). */
import type { Level } from '../../../functions/tutors/catalog.js';

export interface DemoTutor {
  firstName: string; lastName: string; country: string;
  preferredSubjects: string[]; expertise: string[]; specializations: string[]; levels: Level[];
  hourlyRate: number | null; bio: string; teachingExperience: string; educationBackground: string;
  verified: boolean;
  /** [dayOfWeek, startHour, endHour] in Africa/Nairobi unless timeZone says otherwise. */
  availability: Array<[number, number, number]>;
  timeZone?: string;
}

const t = (
  firstName: string, lastName: string, subjects: string[], levels: Level[], hourlyRate: number | null,
  verified: boolean, availability: Array<[number, number, number]>, extra: Partial<DemoTutor> = {},
): DemoTutor => ({
  firstName, lastName, country: 'Kenya', preferredSubjects: subjects.slice(0, 2), expertise: subjects.slice(2),
  specializations: levels.includes('secondary') ? ['KCSE Preparation', 'Exam Preparation'] : ['One-on-One Tutoring'],
  levels, hourlyRate, verified, availability,
  bio: `${subjects[0]} tutor who makes hard ideas simple. Patient, structured lessons with practice after every topic.`,
  teachingExperience: `${(firstName.length % 9) + 2} years teaching ${subjects[0]}`,
  educationBackground: 'BEd (Science), University of Nairobi',
  ...extra,
});

export const demoTutors: DemoTutor[] = [
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

export const avatarColours = [
  ['#0f766e', '#99f6e4'], ['#7c2d12', '#fed7aa'], ['#1e3a8a', '#bfdbfe'], ['#581c87', '#e9d5ff'],
  ['#14532d', '#bbf7d0'], ['#831843', '#fbcfe8'], ['#713f12', '#fde68a'], ['#164e63', '#a5f3fc'],
] as const;
