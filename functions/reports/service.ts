/**
 * Lesson reports: after a completed lesson its tutor writes a short report (saved as a working
 * copy, any number of times), approves it, and only then does the family see it: the payer, the
 * child's own linked login and super admins get the approved version without the tutor's private
 * note. Saves and approvals are allowed for REPORT_EDIT_HOURS after the lesson ended, each
 * conditional on the revision the tutor read (409 when another window saved first). Each approval
 * keeps the version the family saw. "Draft it for me" asks the study assistant's model, from the
 * tutor's daily chat quota, and stores nothing.
 */
import { DEFAULT_LANGUAGE } from '../../events/shared/language.js';
import { aiMessages, chatMessages } from '../ai/contract.js';
import { ModelUnavailable } from '../ai/model.js';
import { admitModelCall, defaultDeps, returnModelCall, type AiCaller, type AiDeps } from '../ai/service.js';
import type { Booking } from '../bookings/contract.js';
import { getBooking } from '../bookings/service.js';
import { learnerOfCaller } from '../households/acting-learner.js';
import { getProfile } from '../profiles/service.js';
import { Conflict, Forbidden, NotFound, ProviderFailed, TooManyRequests } from '../shared/errors.js';
import { publishEvent } from '../shared/events.js';
import type { AuthUser } from '../shared/http.js';
import { logger } from '../shared/logger.js';
import { BusinessMetric } from '../shared/metric-names.js';
import { countBusinessEvent } from '../shared/metrics.js';
import type { FamilyReport, ReportDraft, ReportView, SaveReportRequest, TutorReport } from './contract.js';
import { checkDraftReply, reportDraftRequest } from './draft.js';
import { addToHistory, homeworkDoneView } from './homework.js';
import type { ReportItem } from './keys.js';
import { approveRevision, createReport, getReport, getReports, saveWorkingCopy } from './repository.js';
import {
  approveOutcome, canEditReport, readyToApprove, reportEditableUntil, reportMessages,
  type ReportFields,
} from './rules.js';

type Lesson = Pick<Booking, 'id' | 'tutorId' | 'studentId' | 'subject' | 'status' | 'scheduledAt' | 'durationMinutes' | 'completedAt' | 'completedBy' | 'learner'>;

async function lessonOf(bookingId: string): Promise<Lesson> {
  const booking = await getBooking(bookingId);
  if (!booking) throw new NotFound('Booking not found');
  return booking;
}

/** The lesson, for its tutor only (403 for anyone else), once it has taken place (409 before). */
async function tutorsCompletedLesson(user: AuthUser, bookingId: string): Promise<Lesson> {
  const lesson = await lessonOf(bookingId);
  if (lesson.tutorId !== user.id) throw new Forbidden(reportMessages.notYourLesson);
  if (lesson.status !== 'completed') throw new Conflict('lesson_not_completed', reportMessages.notCompleted);
  return lesson;
}

const tutorFields = (fields: ReportFields): ReportFields => ({ ...fields, topics: [...fields.topics] });
/** The family never sees the tutor's private note. */
const familyFields = ({ privateNote: _note, ...rest }: ReportFields): Omit<ReportFields, 'privateNote'> => rest;

export function tutorView(item: ReportItem): TutorReport {
  return {
    bookingId: item.bookingId, revision: item.revision, working: tutorFields(item.working), updatedAt: item.updatedAt,
    approved: item.approved && item.approvedRevision !== undefined && item.approvedAt && item.firstApprovedAt
      ? { revision: item.approvedRevision, approvedAt: item.approvedAt, firstApprovedAt: item.firstApprovedAt, fields: tutorFields(item.approved) }
      : null,
  };
}

export function familyView(item: ReportItem): FamilyReport | null {
  if (!item.approved || item.approvedRevision === undefined || !item.approvedAt || !item.firstApprovedAt) return null;
  return {
    bookingId: item.bookingId, subject: item.subject, revision: item.approvedRevision,
    approvedAt: item.approvedAt, firstApprovedAt: item.firstApprovedAt, fields: familyFields(item.approved),
  };
}

/** The approved reports of these lessons, as the family sees them (the weekly progress report), in the lessons' order: one BatchGet. */
export async function approvedReportsOf(bookingIds: readonly string[]): Promise<FamilyReport[]> {
  const items = await getReports([...new Set(bookingIds)]);
  return bookingIds.flatMap((id) => {
    const item = items.get(id);
    const report = item ? familyView(item) : null;
    return report ? [report] : [];
  });
}

/** Whether the caller is of the lesson's family: its payer, a super admin, or the child's own linked login. */
async function isFamilyReader(user: AuthUser, lesson: Lesson): Promise<boolean> {
  if (lesson.studentId === user.id || user.groups.includes('super_admin')) return true;
  if (user.role !== 'student' || !lesson.learner) return false;
  const linked = await learnerOfCaller(user, undefined);
  return linked?.learnerId === lesson.learner.id && linked.parentId === lesson.studentId;
}

/** GET: the tutor's full view, the family's approved version, 403 for anyone else. */
export async function readReport(user: AuthUser, bookingId: string, now = new Date()): Promise<ReportView> {
  const lesson = await lessonOf(bookingId);
  if (lesson.tutorId === user.id) {
    const editableUntil = reportEditableUntil(lesson);
    const completed = lesson.status === 'completed';
    const item = completed ? await getReport(bookingId) : null;
    return {
      view: 'tutor', report: item ? { ...tutorView(item), homeworkDone: await homeworkDoneView(item, now) } : null, lessonCompleted: completed,
      editableUntil: item?.editableUntil ?? editableUntil, canEdit: completed && canEditReport(item?.editableUntil ?? editableUntil, now),
    };
  }
  if (!(await isFamilyReader(user, lesson))) throw new Forbidden(reportMessages.notAllowed);
  const item = lesson.status === 'completed' ? await getReport(bookingId) : null;
  const report = item ? familyView(item) : null;
  return { view: 'family', report: item && report ? { ...report, homeworkDone: await homeworkDoneView(item, now) } : null };
}

const stale = () => new Conflict('report_changed', reportMessages.stale);
const locked = () => new Conflict('report_locked', reportMessages.editClosed);

/** PUT: saves the working copy the tutor sends, if the stored revision is the one they read. */
export async function saveReport(user: AuthUser, bookingId: string, input: SaveReportRequest, now = new Date()): Promise<TutorReport> {
  const lesson = await tutorsCompletedLesson(user, bookingId);
  const existing = await getReport(bookingId);
  const editableUntil = existing?.editableUntil ?? reportEditableUntil(lesson);
  if (!canEditReport(editableUntil, now)) throw locked();
  if ((existing?.revision ?? 0) !== input.revision) throw stale();
  const working = workingCopy(input);
  const at = now.toISOString();
  if (!existing) {
    const item: ReportItem = {
      bookingId, tutorId: lesson.tutorId, studentId: lesson.studentId, ...(lesson.learner ? { learnerId: lesson.learner.id } : {}),
      subject: lesson.subject, working, revision: 1, editableUntil, updatedAt: at,
    };
    if (!(await createReport(item))) throw stale();
    return tutorView(item);
  }
  if (!(await saveWorkingCopy(bookingId, input.revision, working, at))) throw await whyRefused(bookingId, now);
  return tutorView({ ...existing, working, revision: input.revision + 1, updatedAt: at });
}

/** The stored form of a save: blank optional texts are left out. */
export function workingCopy(input: SaveReportRequest): ReportFields {
  const { topics, performance, homework, nextSteps, privateNote } = input;
  return {
    topics: topics.map((t) => t.trim()).filter(Boolean),
    ...(performance ? { performance } : {}),
    ...(homework?.text.trim() ? { homework: { text: homework.text.trim(), ...(homework.dueDate ? { dueDate: homework.dueDate } : {}) } } : {}),
    ...(nextSteps?.trim() ? { nextSteps: nextSteps.trim() } : {}),
    ...(privateNote?.trim() ? { privateNote: privateNote.trim() } : {}),
  };
}

/** A conditional write was refused: the window closed meanwhile, or (most often) another save came first. */
async function whyRefused(bookingId: string, now: Date) {
  const current = await getReport(bookingId);
  return current && !canEditReport(current.editableUntil, now) ? locked() : stale();
}

/** POST approve: the family may see `revision` from now on; approving it again changes nothing. */
export async function approveReport(user: AuthUser, bookingId: string, revision: number, now = new Date()): Promise<TutorReport> {
  const lesson = await tutorsCompletedLesson(user, bookingId);
  const item = await getReport(bookingId);
  if (!item) throw stale();
  const outcome = approveOutcome(revision, item.revision, item.approvedRevision);
  if (outcome === 'already_approved') {
    // A retry also puts the lesson in its history, should the first approval have stopped before that.
    await addToHistory(item, lesson);
    return tutorView(item);
  }
  if (outcome === 'stale') throw stale();
  if (!canEditReport(item.editableUntil, now)) throw locked();
  if (!readyToApprove(item.working)) throw new Conflict('report_incomplete', reportMessages.incomplete);
  const at = now.toISOString();
  if (!(await approveRevision(bookingId, revision, item.working, user.id, at))) {
    // The same approval from another click or window got there first: that is this one done.
    const current = await getReport(bookingId);
    if (current && approveOutcome(revision, current.revision, current.approvedRevision) === 'already_approved') return tutorView(current);
    throw await whyRefused(bookingId, now);
  }
  const approved: ReportItem = { ...item, approvedRevision: revision, approved: item.working, approvedAt: at, firstApprovedAt: item.firstApprovedAt ?? at };
  await addToHistory(approved, lesson);
  await announce(approved, !item.firstApprovedAt, at);
  return tutorView(approved);
}

/**
 * Tells the bus, so a family notice can follow. The approval is stored already: a failed publish
 * is logged rather than shown to the tutor as a failed approval.
 */
async function announce(item: ReportItem, firstApproval: boolean, at: string): Promise<void> {
  try {
    await publishEvent('LessonReportApproved', {
      bookingId: item.bookingId, studentId: item.studentId, tutorId: item.tutorId, subject: item.subject,
      ...(item.learnerId ? { learnerId: item.learnerId } : {}),
      revision: item.approvedRevision!, firstApproval, occurredAt: at,
    });
  } catch (error) {
    logger.error('LessonReportApproved not published', { bookingId: item.bookingId, error: error as Error });
  }
}

/**
 * POST draft: one from the tutor's daily chat quota (429 when spent), the model asked in the
 * tutor's saved language, the checked draft back; a failed or unusable answer gives the one back
 * (502). Nothing is stored: the tutor edits the draft in the form and saves it themselves.
 */
export async function draftReport(
  user: AuthUser, bookingId: string, words: string, caller: AiCaller = {}, deps: AiDeps = defaultDeps(),
): Promise<ReportDraft> {
  const now = deps.now();
  const lesson = await tutorsCompletedLesson(user, bookingId);
  if (!canEditReport((await getReport(bookingId))?.editableUntil ?? reportEditableUntil(lesson), now)) throw locked();
  const sameDay = { ...deps, now: () => now };
  const refusal = await admitModelCall(user.id, 'chat', sameDay, caller);
  if (refusal) {
    countBusinessEvent(BusinessMetric.aiQuotaRefused);
    const { limit, scope, resetsAt } = refusal;
    throw new TooManyRequests('ai_quota_spent', scope === 'user' ? aiMessages.chatQuotaSpent(limit) : chatMessages.platformCapReached, { scope, resetsAt });
  }
  const language = (await getProfile(user.id))?.language ?? DEFAULT_LANGUAGE;
  try {
    const reply = await deps.model.converse(reportDraftRequest(words, lesson.subject, language));
    countBusinessEvent(BusinessMetric.aiModelTokens, reply.usage.inputTokens + reply.usage.outputTokens);
    const draft = checkDraftReply(reply);
    if (!draft) throw new ModelUnavailable('failed', `Unusable report draft (stopReason ${reply.stopReason})`);
    return draft;
  } catch (error) {
    if (error instanceof ModelUnavailable) logger.warn('Model unavailable for a report draft', { reason: error.reason, message: error.message });
    else logger.error('Report draft failed unexpectedly', { error: error as Error });
    await returnModelCall(user.id, 'chat', sameDay);
    throw new ProviderFailed('ai_unavailable', reportMessages.draftFailed);
  }
}

