/**
 * The weekly progress report's e-mail, in the reader's language: plain and short (many readers
 * are on basic phones and metered data), with the link to the week's page for the rest.
 */
import type { Language } from '../../events/shared/language.js';
import type { Profile } from '../profiles/contract.js';
import { lessonTimeIn } from '../shared/display.js';
import type { OutgoingEmail } from '../shared/email.js';
import type { WeeklyReport } from './contract.js';

interface WeeklyEmailTexts {
  subject(name: string, monday: string): string;
  hello(firstName: string): string;
  intro(name: string, monday: string, sunday: string): string;
  lessonsHeld(count: number): string;
  topics(topics: string): string;
  homeworkDue: string;
  due(date: string): string;
  games(played: number, average: number): string;
  noGames: string;
  courses: string;
  nextWeek: string;
  noNextWeek: string;
  link(url: string): string;
  signature: string;
}

const en: WeeklyEmailTexts = {
  subject: (name, monday) => `${name}'s week from ${monday}`,
  hello: (firstName) => `Hello ${firstName},`,
  intro: (name, monday, sunday) => `Here is ${name}'s week, ${monday} to ${sunday}.`,
  lessonsHeld: (count) => (count === 1 ? '1 lesson held:' : `${count} lessons held:`),
  topics: (topics) => `Topics: ${topics}`,
  homeworkDue: 'Homework due this week:',
  due: (date) => `due ${date}`,
  games: (played, average) => `Quiz games: ${played}, average score ${average}%.`,
  noGames: 'No quiz games this week.',
  courses: 'Courses in progress:',
  nextWeek: 'Next week\'s lessons:',
  noNextWeek: 'No lessons booked for next week yet.',
  link: (url) => `The whole report: ${url}`,
  signature: "Africa's Learning Platform",
};

const sw: WeeklyEmailTexts = {
  subject: (name, monday) => `Wiki ya ${name} kuanzia ${monday}`,
  hello: (firstName) => `Habari ${firstName},`,
  intro: (name, monday, sunday) => `Hii ndiyo wiki ya ${name}, ${monday} hadi ${sunday}.`,
  lessonsHeld: (count) => (count === 1 ? 'Somo 1 limefanyika:' : `Masomo ${count} yamefanyika:`),
  topics: (topics) => `Mada: ${topics}`,
  homeworkDue: 'Kazi ya nyumbani ya wiki hii:',
  due: (date) => `tarehe ${date}`,
  games: (played, average) => `Michezo ya maswali: ${played}, wastani wa alama ${average}%.`,
  noGames: 'Hakuna michezo ya maswali wiki hii.',
  courses: 'Kozi zinazoendelea:',
  nextWeek: 'Masomo ya wiki ijayo:',
  noNextWeek: 'Bado hakuna masomo yaliyowekwa kwa wiki ijayo.',
  link: (url) => `Ripoti kamili: ${url}`,
  signature: "Africa's Learning Platform",
};

const TEXTS: Record<Language, WeeklyEmailTexts> = { en, sw };
const NAIROBI = 'Africa/Nairobi';

export function weeklyReportEmail(report: WeeklyReport, recipient: Pick<Profile, 'email' | 'firstName'>, link: string, language: Language): OutgoingEmail {
  const t = TEXTS[language];
  const at = (iso: string) => lessonTimeIn(iso, NAIROBI, language);
  const paragraphs: string[][] = [[t.intro(report.learnerName, report.monday, report.sunday)]];
  if (report.lessons.length) {
    paragraphs.push([t.lessonsHeld(report.lessons.length), ...report.lessons.flatMap((l) => [
      `- ${l.subject}, ${at(l.scheduledAt)}`, ...(l.topics.length ? [`  ${t.topics(l.topics.join(', '))}`] : []),
    ])]);
  }
  if (report.homework.length) paragraphs.push([t.homeworkDue, ...report.homework.map((h) => `- ${h.subject}: ${h.text} (${t.due(h.dueDate)})`)]);
  paragraphs.push([report.games.averagePercent === null ? t.noGames : t.games(report.games.played, report.games.averagePercent)]);
  if (report.courses.length) paragraphs.push([t.courses, ...report.courses.map((c) => `- ${c.title}: ${c.percent}%`)]);
  paragraphs.push(report.nextWeek.length ? [t.nextWeek, ...report.nextWeek.map((l) => `- ${l.subject}, ${at(l.scheduledAt)}`)] : [t.noNextWeek]);
  paragraphs.push([t.link(link)]);
  const text = [t.hello(recipient.firstName), '', ...paragraphs.flatMap((lines) => [...lines, '']), t.signature].join('\n');
  return { to: recipient.email, subject: t.subject(report.learnerName, report.monday), text };
}
