/**
 * Privacy: a user's data exported (a JSON archive in the private bucket, read through a 7-day
 * presigned link) and deleted (an account, or one child of a household), by a job after the
 * request; super admins' reads of a household for support, each audited. Rules: rules.ts; the
 * walk of a user's items: keys.ts; why: docs/decisions/2026-11-28-privacy-export-and-deletion.md.
 */
import { deleteIdentity, isCurrentPassword } from '../auth/identity.js';
import { attachmentPrefixesOf } from '../conversations/attachments.js';
import { Consent } from '../households/contract.js';
import { CONSENT_PREFIX, LEARNER_PREFIX } from '../households/keys.js';
import { getLearner, learnerLoginOf, removeLearner } from '../households/service.js';
import { tutorBalancesKey } from '../ledger/keys.js';
import { findUserIds, getProfile, getProfiles } from '../profiles/service.js';
import { findTerms } from '../profiles/user-search.js';
import { BusinessRuleViolated, DomainError, NotFound, ValidationFailed } from '../shared/errors.js';
import { publishEvent } from '../shared/events.js';
import type { AuthUser } from '../shared/http.js';
import { putPrivateObject, signedDownloadUrl } from '../uploads/storage.js';
import type { AdminHousehold, AdminLearner, AuditEntry, DeleteAccountRequest, ExportStatus } from './contract.js';
import {
  ACCOUNT_TARGET, exportArchivePrefix, learnerPartitions, ownPartitions, tutorSteps, userIndexes, type AuditItem, type ExportJobItem, type WalkStep,
} from './keys.js';
import {
  approvalTokenItems, conversationItems, eraseConversations, eraseLessonReports, homeworkPhotoPrefixes, lessonReportItems, pairingCodeItems, phoneOwnerItems,
} from './domains.js';
import * as repository from './repository.js';
import type { StoredItem } from './repository.js';
import {
  ARCHIVE_ABOUT, DELETE_CONFIRMATION, DELETED_LEARNER, DELETED_USER, deletionRefusal, EXPORT_LINK_SECONDS, EXPORT_STALE_MINUTES,
  isFutureLesson, privacyMessages, pseudonymised, userFilePrefixes,
} from './rules.js';

// ---- The walk ----

/** Where a user's files are: their own uploads and exports, and the attachments of their conversations. */
async function filePrefixesOf(userId: string): Promise<string[]> {
  return [...userFilePrefixes(userId, exportArchivePrefix(userId)), ...(await attachmentPrefixesOf(userId))];
}

type Sections = Record<string, StoredItem[]>;

async function readSteps(steps: WalkStep[]): Promise<Sections> {
  const read = await Promise.all(steps.map(async (step) => [step.what, await repository.readStep(step)] as const));
  const sections: Sections = {};
  for (const [what, items] of read) (sections[what] ??= []).push(...items);
  return sections;
}

const unique = (items: StoredItem[]) => [...new Map(items.map((i) => [`${i.pk}|${i.sk}`, i])).values()];

/**
 * Every item of the user (and, for a parent, the household): their partitions, the per-user index
 * entries of other domains, then what those name by key (a lesson's live class, a payment).
 */
export async function userItems(userId: string): Promise<Sections> {
  const first = await readSteps([...ownPartitions(userId), ...userIndexes(userId), ...tutorSteps(userId)]);
  // A parent's children: their games, lessons history and the rest kept under each learner's id.
  const learnerIds = (first.household ?? []).filter((i) => i.sk.startsWith('LEARNER#')).map((i) => i.sk.slice('LEARNER#'.length));
  const ofLearners = await readSteps(learnerIds.flatMap(learnerPartitions));
  const sections: Sections = { ...first };
  for (const [what, items] of Object.entries(ofLearners)) sections[what] = [...sections[what] ?? [], ...items];
  const lessons = unique([...sections.bookings ?? [], ...sections.lessonsTaught ?? []]);
  const references = new Set<string>();
  for (const item of [...lessons, ...sections.courseEnrolments ?? []]) {
    if (typeof item.paymentReference === 'string') references.add(item.paymentReference);
  }
  const more = await readSteps([
    ...lessons.map((b) => ({ what: 'liveSessions', partition: `LIVE#${String(b.id ?? b.pk.slice('BOOKING#'.length))}` })),
    ...lessons.map((b) => ({ what: 'bookingRecords', partition: b.pk })),
    ...[...references].flatMap((ref) => [{ what: 'payments', partition: `PAYMENT#${ref}` }, { what: 'payments', partition: `TXN#${ref}` }]),
  ]);
  // The booking items themselves are already in bookings / lessonsTaught; keep what hangs off them (refunds due).
  const bookingExtras = (more.bookingRecords ?? []).filter((i) => i.sk !== 'BOOKING');
  const [phoneOwner, approvalTokens, pairingCodes, conversations, lessonReports] = await Promise.all([
    phoneOwnerItems(userId, sections), approvalTokenItems(sections), pairingCodeItems(sections), conversationItems(userId), lessonReportItems(userId, lessons),
  ]);
  const result: Sections = {
    ...sections, liveSessions: more.liveSessions ?? [], payments: more.payments ?? [], conversations, lessonReports,
    parentApproval: [...sections.parentApproval ?? [], ...approvalTokens], phoneOwner, pairingCodes,
  };
  if (bookingExtras.length) result.bookingRecords = bookingExtras;
  for (const key of Object.keys(result)) result[key] = unique(result[key]!);
  return result;
}

// ---- Export ----

const staleBefore = (now: Date) => new Date(now.getTime() - EXPORT_STALE_MINUTES * 60_000).toISOString();
const linkExpiry = (job: ExportJobItem) => new Date(Date.parse(job.readyAt!) + EXPORT_LINK_SECONDS * 1000);

async function toExportStatus(job: ExportJobItem | null, now: Date): Promise<ExportStatus['export']> {
  if (!job) return null;
  if (job.status !== 'ready' || !job.archiveKey || !job.readyAt) return { status: job.status, requestedAt: job.requestedAt };
  const expiresAt = linkExpiry(job);
  const seconds = Math.floor((expiresAt.getTime() - now.getTime()) / 1000);
  if (seconds <= 0) return { status: 'expired', requestedAt: job.requestedAt, readyAt: job.readyAt };
  return {
    status: 'ready', requestedAt: job.requestedAt, readyAt: job.readyAt, linkExpiresAt: expiresAt.toISOString(),
    downloadUrl: await signedDownloadUrl(job.archiveKey, seconds, 'my-data.json', 'attachment'),
  };
}

export async function exportStatus(user: AuthUser, now = new Date()): Promise<ExportStatus> {
  return { export: await toExportStatus(await repository.getExportJob(user.id), now) };
}

/** Starts an export job, or answers the one already running (two clicks start one job). */
export async function requestExport(user: AuthUser, now = new Date()): Promise<ExportStatus> {
  const requestedAt = now.toISOString();
  const { outcome, job } = await repository.startExportJob({ userId: user.id, status: 'running', requestedAt }, staleBefore(now));
  if (outcome === 'started') await publishEvent('PrivacyExportRequested', { userId: user.id, requestedAt, occurredAt: requestedAt });
  return { export: await toExportStatus(job, now), message: outcome === 'started' ? privacyMessages.exportStarted : privacyMessages.exportRunning };
}

/** The export job: every item and file of the user in one JSON archive. Run twice, it writes the same archive again. */
export async function runExport(userId: string, requestedAt: string, now = new Date()): Promise<void> {
  const sections = await userItems(userId);
  const prefixes = [...(await filePrefixesOf(userId)).filter((p) => p !== exportArchivePrefix(userId)), ...homeworkPhotoPrefixes(sections.bookings ?? [])];
  const fileKeys = (await Promise.all(prefixes.map(repository.listObjects))).flat();
  const files = await Promise.all(fileKeys.map(async (key) => ({
    key, name: key.slice(key.lastIndexOf('/') + 1), url: await signedDownloadUrl(key, EXPORT_LINK_SECONDS, undefined, 'attachment'),
  })));
  const itemCount = Object.values(sections).reduce((n, items) => n + items.length, 0);
  const archive = {
    about: { ...ARCHIVE_ABOUT, userId, generatedAt: now.toISOString(), linksValidUntil: new Date(now.getTime() + EXPORT_LINK_SECONDS * 1000).toISOString(), itemCount },
    ...sections,
    files,
  };
  const archiveKey = `${exportArchivePrefix(userId)}${requestedAt.replace(/[^0-9A-Za-z]/g, '')}.json`;
  await putPrivateObject(archiveKey, new TextEncoder().encode(JSON.stringify(archive, null, 2)), 'application/json');
  // One archive per user: older ones go (the newest is what the page links to).
  const older = (await repository.listObjects(exportArchivePrefix(userId))).filter((key) => key !== archiveKey);
  if (older.length) await repository.deleteObjects(older);
  await repository.finishExportJob(userId, requestedAt, { archiveKey, readyAt: now.toISOString(), itemCount });
}

// ---- Deletion ----

const refused = (code: keyof typeof privacyMessages) => new BusinessRuleViolated(code === 'futureLesson' || code === 'learnerFutureLesson' ? 'future_lesson' : 'money_awaiting_payout', privacyMessages[code]);

async function moneyAwaitingPayoutMinor(userId: string): Promise<number> {
  const balances = await repository.getItem(tutorBalancesKey(userId));
  if (!balances) return 0;
  return ['tutor_pending', 'tutor_available', 'tutor_in_flight'].reduce((sum, account) => sum + Math.max(0, Number(balances[account] ?? 0)), 0);
}

/** Checks the request (typed confirmation, password, nothing still owed either way), then starts the job. */
export async function requestAccountDeletion(user: AuthUser, request: DeleteAccountRequest, now = new Date()): Promise<{ message: string }> {
  if (request.confirmation.trim().toUpperCase() !== DELETE_CONFIRMATION) {
    throw new ValidationFailed(privacyMessages.confirmationRequired, { fields: [{ path: 'confirmation', message: privacyMessages.confirmationRequired }] });
  }
  const profile = await getProfile(user.id);
  if (!profile) throw new NotFound('Profile not found');
  if (!(await isCurrentPassword(profile.email, request.password))) {
    throw new DomainError(403, 'wrong_password', privacyMessages.wrongPassword, { fields: [{ path: 'password', message: privacyMessages.wrongPassword }] });
  }
  const lessons = await readSteps([userIndexes(user.id)[0]!, tutorSteps(user.id)[1]!]);
  const futureLessons = [...lessons.bookings ?? [], ...lessons.lessonsTaught ?? []].filter((b) => isFutureLesson(b, now)).length;
  const refusal = deletionRefusal({ futureLessons, moneyAwaitingPayoutMinor: await moneyAwaitingPayoutMinor(user.id) });
  if (refusal) throw refused(refusal);
  const requestedAt = now.toISOString();
  await repository.putDeletionJob({ userId: user.id, target: ACCOUNT_TARGET, status: 'running', requestedAt, email: profile.email });
  await publishEvent('PrivacyDeletionRequested', { userId: user.id, target: 'account', requestedAt, occurredAt: requestedAt });
  return { message: privacyMessages.deletionStarted };
}

/** A parent asks for one child's personal data to be deleted; 404 for a child not in their household. */
/**
 * Removing a child, from My children or the Privacy page: refused while one of the child's lessons
 * is ahead; otherwise the child's record goes now and a job erases everything else of theirs
 * (their games, chats, enrolments, files; lessons and payments kept, naming a "Deleted learner").
 */
export async function requestLearnerDeletion(user: AuthUser, learnerId: string, now = new Date()): Promise<{ message: string }> {
  try {
    await getLearner(user, learnerId);
  } catch (error) {
    if (error instanceof NotFound) throw new NotFound(privacyMessages.learnerNotFound);
    throw error;
  }
  const loginUserId = await learnerLoginOf(user.id, learnerId);
  const bookings = (await readSteps([userIndexes(user.id)[0]!, ...(loginUserId ? [userIndexes(loginUserId)[0]!] : [])])).bookings ?? [];
  // The child's lessons booked by the parent, and any their own login booked before it was linked.
  if (bookings.some((b) => (b.learnerId === learnerId || b.studentId === loginUserId) && isFutureLesson(b, now))) throw refused('learnerFutureLesson');
  const requestedAt = now.toISOString();
  await repository.putDeletionJob({ userId: user.id, target: learnerId, status: 'running', requestedAt, ...(loginUserId ? { loginUserId } : {}) });
  await publishEvent('PrivacyDeletionRequested', { userId: user.id, target: 'learner', learnerId, requestedAt, occurredAt: requestedAt });
  // The child leaves the household at once (lists, the picker, the household's count); the job,
  // already asked for, erases the rest and removes the record itself should this step not run.
  try {
    await removeLearner(user, learnerId);
  } catch (error) {
    if (!(error instanceof NotFound)) throw error; // the job was quicker
  }
  return { message: privacyMessages.learnerDeletionStarted };
}

/**
 * Sections whose every item is the person's: deleted whole (with the profile partition go the
 * verified phone, a phone code, notification preferences and opt-outs). Conversations are erased
 * apart (domains.ts: the history goes, the other party keeps the conversation naming nobody).
 * The rest is kept, pseudonymised.
 */
const DELETED_SECTIONS = new Set([
  'profile', 'household', 'aiChats', 'aiUsage', 'progress', 'privacy', 'parentApproval', 'inbox', 'messagingCaps', 'phoneOwner', 'pairingCodes',
  'lessonHistory', 'weeklyReports',
]);
/** Erased by their own domain's rule (domains.ts): a conversation stays for the other party; a report goes with the family, not with the tutor. */
const ERASED_APART = new Set(['conversations', 'lessonReports']);
/** Items of a tutor's partition kept for money and lesson records; the rest (listing, calendar) is deleted. */
const KEPT_TUTOR_ITEMS = (sk: string) => sk === 'LEDGER' || sk === 'BOOKINGRECORD' || sk === 'PAYOUTRECIPIENT' || sk === 'FIGURES' || sk.startsWith('EARN#') || sk.startsWith('TAUGHT');

async function pseudonymiseAll(items: StoredItem[], replacement: string): Promise<number> {
  let changed = 0;
  for (const item of items) {
    const change = pseudonymised(item, replacement);
    if (!change) continue;
    await repository.pseudonymiseItem(item, change);
    changed++;
  }
  return changed;
}

async function deleteFiles(prefixes: string[]): Promise<number> {
  const keys = (await Promise.all(prefixes.map(repository.listObjects))).flat();
  if (keys.length) await repository.deleteObjects(keys);
  return keys.length;
}

/**
 * The account deletion job. Idempotent: every step deletes or pseudonymises what is still there,
 * the audit record's id is the user's (written once), and a run after a finished one finds
 * nothing and writes nothing.
 */
export async function runAccountDeletion(userId: string, now = new Date()): Promise<void> {
  const job = await repository.getDeletionJob(userId, ACCOUNT_TARGET);
  if (!job) return; // done before (the job item is removed last) or never asked
  const sections = await userItems(userId);
  const toDelete: StoredItem[] = [];
  const toKeep: StoredItem[] = [];
  for (const [what, items] of Object.entries(sections)) {
    if (ERASED_APART.has(what)) continue;
    for (const item of items) {
      const isJob = item.pk === `PRIVACY#${userId}` && item.sk === `DELETION#${ACCOUNT_TARGET}`;
      if (isJob) continue;
      if (DELETED_SECTIONS.has(what) || (what === 'tutor' && !KEPT_TUTOR_ITEMS(item.sk))) toDelete.push(item);
      else toKeep.push(item);
    }
  }
  const conversationItemsErased = await eraseConversations(userId, DELETED_USER);
  // The reports of the lessons the user paid for (a tutor's own account leaves the families' reports).
  const reports = await eraseLessonReports(sections.bookings ?? []);
  await repository.deleteItems(toDelete);
  const pseudonymisedCount = await pseudonymiseAll(toKeep, DELETED_USER);
  const files = reports.files + await deleteFiles(await filePrefixesOf(userId));
  const email = job.email ?? (sections.profile ?? []).find((i) => i.sk === 'PROFILE')?.email;
  let signIn = 'none';
  if (typeof email === 'string') {
    try {
      await deleteIdentity(email);
      signIn = 'deleted';
    } catch (error) {
      if ((error as Error).name !== 'UserNotFoundException') throw error;
    }
  }
  await repository.putAudit({
    auditId: `account-${userId}`, kind: 'account_deleted', actorId: userId, subjectUserId: userId, at: now.toISOString(),
    detail: { requestedAt: job.requestedAt, itemsDeleted: toDelete.length + conversationItemsErased + reports.items, itemsPseudonymised: pseudonymisedCount, filesDeleted: files, signIn, learners: (sections.household ?? []).filter((i) => i.sk.startsWith('LEARNER#')).length },
  });
  await repository.deleteDeletionJob(userId, ACCOUNT_TARGET);
}

/**
 * A child's own login goes with the child: nothing of them stays. It is the child's account (their
 * profile, sign-in, games played as themself), and the parent exercises the child's rights, so it
 * is deleted exactly as an account deleting itself is (runAccountDeletion: its own audit record,
 * the Cognito user removed), without the account's password. A run after it finished finds no
 * profile and starts nothing.
 */
async function deleteLoginAccount(userId: string, requestedAt: string): Promise<'deleted' | 'gone'> {
  const [profile, running] = await Promise.all([getProfile(userId), repository.getDeletionJob(userId, ACCOUNT_TARGET)]);
  if (!profile && !running) return 'gone';
  if (!running) await repository.putDeletionJob({ userId, target: ACCOUNT_TARGET, status: 'running', requestedAt, ...(profile ? { email: profile.email } : {}) });
  await runAccountDeletion(userId);
  return 'deleted';
}

/** One child's data: their learner record and household items, their own partitions and files; lessons and money kept, naming a "Deleted learner". */
export async function runLearnerDeletion(parentId: string, learnerId: string, now = new Date()): Promise<void> {
  const job = await repository.getDeletionJob(parentId, learnerId);
  if (!job) return;
  const household = await userItems(parentId);
  const ofLearner = (i: StoredItem) => i.learnerId === learnerId;
  const householdItems = (household.household ?? []).filter((i) => ofLearner(i) && i.sk !== `LEARNER#${learnerId}`);
  const ownSections = await readSteps(learnerPartitions(learnerId));
  const toDelete = [...householdItems, ...(household.pairingCodes ?? []).filter(ofLearner), ...Object.values(ownSections).flat()];
  const toKeep = Object.entries(household).filter(([what]) => !DELETED_SECTIONS.has(what) && !ERASED_APART.has(what)).flatMap(([, items]) => items.filter(ofLearner));
  let learnerRemoved = false;
  try {
    await removeLearner({ id: parentId, groups: ['parent'], role: 'parent' }, learnerId);
    learnerRemoved = true;
  } catch (error) {
    if (!(error instanceof NotFound)) throw error; // removed by an earlier run
  }
  const reports = await eraseLessonReports((household.bookings ?? []).filter(ofLearner));
  await repository.deleteItems(toDelete);
  const pseudonymisedCount = await pseudonymiseAll(toKeep, DELETED_LEARNER);
  const files = reports.files + await deleteFiles(userFilePrefixes(learnerId, exportArchivePrefix(learnerId)));
  const login = job.loginUserId ? await deleteLoginAccount(job.loginUserId, job.requestedAt) : undefined;
  await repository.putAudit({
    auditId: `learner-${learnerId}`, kind: 'learner_deleted', actorId: parentId, subjectUserId: parentId, learnerId, at: now.toISOString(),
    detail: { requestedAt: job.requestedAt, learnerRecord: learnerRemoved, itemsDeleted: toDelete.length + reports.items, itemsPseudonymised: pseudonymisedCount, filesDeleted: files, ...(login ? { loginAccount: login } : {}) },
  });
  await repository.deleteDeletionJob(parentId, learnerId);
}

// ---- Super admins: households for support, every read of a child audited ----

const auditId = (now: Date) => `read-${now.getTime()}-${Math.random().toString(36).slice(2, 10)}`;

/** A parent's household by their e-mail: the parent and each child's name, curriculum and grade. Audited. */
export async function findHousehold(admin: AuthUser, email: string, now = new Date()): Promise<AdminHousehold> {
  const term = findTerms({ firstName: '', lastName: '', email }).email;
  const ids = (await findUserIds(term, 10)).items;
  const parent = (await getProfiles(ids)).find((p) => p.email.toLowerCase() === email.trim().toLowerCase() && p.role === 'parent');
  if (!parent) throw new NotFound(privacyMessages.householdNotFound);
  const [household, bookings] = await Promise.all([repository.readStep(ownPartitions(parent.id)[1]!), repository.readStep(userIndexes(parent.id)[0]!)]);
  const learners = household.filter((i) => i.sk.startsWith(LEARNER_PREFIX));
  const consents = household.filter((i) => i.sk.startsWith(CONSENT_PREFIX)).map((i) => Consent.parse(i));
  await repository.putAudit({
    auditId: auditId(now), kind: 'admin_read_household', actorId: admin.id, subjectUserId: parent.id, at: now.toISOString(),
    detail: { read: 'household', learners: learners.length },
  });
  return {
    parent: { id: parent.id, firstName: parent.firstName, lastName: parent.lastName, email: parent.email },
    learners: learners.map((l) => ({
      id: String(l.learnerId), firstName: String(l.firstName), curriculum: String(l.curriculum), grade: String(l.grade),
      consents: consents.filter((c) => c.learnerId === l.learnerId),
      bookings: bookings.filter((b) => b.learnerId === l.learnerId).length,
    })),
  };
}

/** One child's record as stored, for support; the read is audited (who, which child, when, what). */
export async function readLearner(admin: AuthUser, parentId: string, learnerId: string, now = new Date()): Promise<AdminLearner> {
  let learner;
  try {
    learner = await getLearner({ id: parentId, groups: ['parent'], role: 'parent' }, learnerId);
  } catch (error) {
    if (error instanceof NotFound) throw new NotFound(privacyMessages.learnerNotFound);
    throw error;
  }
  await repository.putAudit({
    auditId: auditId(now), kind: 'admin_read_learner', actorId: admin.id, subjectUserId: parentId, learnerId, at: now.toISOString(),
    detail: { read: 'learner record' },
  });
  return { learner };
}

/**
 * A super admin's action recorded in the same audit as the reads above (moderation: a reported
 * conversation read, an account suspended). `id` given: written once for that id (a retry adds
 * nothing); else a new record per call.
 */
export async function recordAdminAudit(
  admin: AuthUser, kind: Extract<AuditItem['kind'], 'admin_read_conversation' | 'user_suspended' | 'user_unsuspended'>,
  subjectUserId: string, detail: AuditItem['detail'], now = new Date(), id = auditId(now),
): Promise<void> {
  await repository.putAudit({ auditId: id, kind, actorId: admin.id, subjectUserId, at: now.toISOString(), detail });
}

export async function latestAudits(): Promise<{ entries: AuditEntry[] }> {
  const audits: AuditItem[] = await repository.latestAudits(100);
  // Names for the support screen; a deleted account has no profile left and shows its id only.
  const names = new Map((await getProfiles(audits.flatMap((a) => [a.actorId, a.subjectUserId])))
    .map((p) => [p.id, `${p.firstName} ${p.lastName}`.trim()]));
  return { entries: audits.map(({ auditId: id, ...rest }) => ({ id, ...rest, actorName: names.get(rest.actorId), subjectName: names.get(rest.subjectUserId) })) };
}
