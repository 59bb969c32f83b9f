/**
 * The Sunday job's sending: each active learner's week to its payer, once per learner and week
 * however often the job runs, by e-mail and, when the payer chose SMS or WhatsApp for weekly
 * reports, a short summary with the page's link besides (never instead). Apart from service.ts so
 * the page's handler and the activity consumer do not carry the SMS and WhatsApp adapters.
 */
import { DEFAULT_LANGUAGE } from '../../events/shared/language.js';
import { notify } from '../messaging/notify.js';
import type { MessageValues } from '../messaging/texts.js';
import { getProfile } from '../profiles/service.js';
import { config } from '../shared/config.js';
import { sendEmail } from '../shared/email.js';
import { logger } from '../shared/logger.js';
import { doOnce } from '../shared/once.js';
import type { WeeklyReport } from './contract.js';
import { weeklyReportEmail } from './email.js';
import type { ActiveLearner } from './keys.js';
import { learnersActiveIn } from './repository.js';
import { reportWeekAt } from './rules.js';
import { composeFor } from './service.js';

/** Learners composed at once in the job (each a handful of Gets and Queries). */
const JOB_CONCURRENCY = 10;

/** The week in figures for the SMS or WhatsApp summary (functions/messaging/texts.ts words it). */
export const weeklySummary = (report: WeeklyReport, link: string): MessageValues['weeklyReport'] => ({
  learnerName: report.learnerName, lessons: report.lessons.length, subjects: [...new Set(report.lessons.map((l) => l.subject))],
  homeworkDue: report.homework.length, quizAveragePercent: report.games.averagePercent, link,
});

/** The page a report links to (the SPA's route). */
export const weeklyReportLink = (appOrigin: string, learnerId: string, week: string) => `${appOrigin}/weekly-reports/${learnerId}/${week}`;

/** Sends one learner's week to its payer, once per learner and week however often the job runs. */
async function sendOne(learner: ActiveLearner, week: string): Promise<'sent' | 'empty' | 'before'> {
  const recipient = await getProfile(learner.recipientId);
  if (!recipient) return 'empty';
  const firstName = learner.firstName ?? recipient.firstName;
  const report = await composeFor({ ...learner, firstName }, week);
  if (!report) return 'empty';
  const link = weeklyReportLink(config.appOrigin, learner.ownerId, week);
  const sent = await doOnce(`weekly-report#${learner.ownerId}#${week}`, () =>
    sendEmail(weeklyReportEmail(report, recipient, link, recipient.language ?? DEFAULT_LANGUAGE)));
  // Besides the e-mail, a short summary by SMS or WhatsApp when the recipient chose one for weekly
  // reports; never a second e-mail. Asked on every run: the router's own claims keep it to one,
  // and a run that stopped between the e-mail and the SMS sends the SMS on its retry.
  await notify({
    kind: 'weeklyReport', subjectId: `${learner.ownerId}#${week}`, recipient: { id: recipient.id, language: recipient.language },
    emailFallback: false, values: weeklySummary(report, link),
  });
  return sent ? 'sent' : 'before';
}

/** The Sunday run: every learner marked active in the week it reports gets one report (none for an empty week). */
export async function sendWeeklyReports(at: Date): Promise<{ week: string; learners: number; sent: number; empty: number; sentBefore: number }> {
  const week = reportWeekAt(at);
  const learners = await learnersActiveIn(week);
  const outcomes: string[] = [];
  for (let i = 0; i < learners.length; i += JOB_CONCURRENCY) {
    outcomes.push(...await Promise.all(learners.slice(i, i + JOB_CONCURRENCY).map(async (learner) => {
      try {
        return await sendOne(learner, week);
      } catch (error) {
        // One family's failure must not stop the others'; the retry of the run sends what is left.
        logger.error('Weekly report not sent', { ownerId: learner.ownerId, week, error: error as Error });
        return 'failed';
      }
    })));
  }
  const failed = outcomes.filter((o) => o === 'failed').length;
  if (failed) throw new Error(`${failed} weekly reports of ${week} failed`);
  const count = (outcome: string) => outcomes.filter((o) => o === outcome).length;
  return { week, learners: learners.length, sent: count('sent'), empty: count('empty'), sentBefore: count('before') };
}

