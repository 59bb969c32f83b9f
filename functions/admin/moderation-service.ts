/**
 * Moderation by super admins: conversations either side reported, each read of one recorded in
 * the audit (privacy/service.ts), reports closed, and accounts suspended or reinstated. A
 * suspension disables the Cognito sign-in and signs the user out everywhere, and marks the
 * profile, which the conversation routes check on every send (a token issued before stays valid
 * for up to an hour). Why: docs/decisions/2026-11-28-conversation-moderation.md.
 */
import { disableIdentity, enableIdentity, signOutEverywhere } from '../auth/identity.js';
import { closeReports, moderationThread, reportedConversations } from '../conversations/service.js';
import type { ThreadQuery } from '../conversations/contract.js';
import type { ConversationItem } from '../conversations/keys.js';
import { recordAdminAudit } from '../privacy/service.js';
import { getProfile, getProfiles, setSuspension } from '../profiles/service.js';
import { reindexTutorListing } from '../tutors/listing-service.js';
import { announceTutorChange } from '../tutors/page-events.js';
import { BusinessRuleViolated, NotFound } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import type {
  ModerationReport, ModerationReportsQuery, ModerationReportsResponse, ModerationThreadResponse, SuspensionRequest, SuspensionResponse,
} from './contract.js';
import { isSuspendable, moderationMessages, reinstatementAuditId, suspensionAuditId } from './moderation-rules.js';

async function suspendedAmong(ids: string[]): Promise<Set<string>> {
  return new Set((await getProfiles(ids)).filter((p) => p.suspension).map((p) => p.id));
}

function toReport(c: ConversationItem, suspended: Set<string>): ModerationReport {
  return {
    conversationId: c.conversationId,
    family: { id: c.familyId, name: c.familyName, suspended: suspended.has(c.familyId) },
    tutor: { id: c.tutorId, name: c.tutorName, suspended: suspended.has(c.tutorId) },
    ...(c.reportedAt ? { reportedAt: c.reportedAt } : {}),
    open: c.reportedAt !== undefined,
    reports: (c.reports ?? []).map(({ side, reason, at }) => ({ side, reason, at })),
  };
}

/** Open reports, the newest first: one Query of the sparse list and one BatchGet of the parties' profiles per page. */
export async function moderationReports(query: ModerationReportsQuery): Promise<ModerationReportsResponse> {
  const page = await reportedConversations(query);
  const suspended = await suspendedAmong(page.conversations.flatMap((c) => [c.familyId, c.tutorId]));
  return { reports: page.conversations.map((c) => toReport(c, suspended)), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
}

/** A page of a reported conversation, as written; every read is an audit record (who, which conversation, when). */
export async function readReportedConversation(admin: AuthUser, conversationId: string, query: ThreadQuery, now = new Date()): Promise<ModerationThreadResponse> {
  const thread = await moderationThread(conversationId, query);
  const c = thread.conversation;
  await recordAdminAudit(admin, 'admin_read_conversation', c.familyId, {
    read: 'reported conversation', conversationId, tutorId: c.tutorId, messages: thread.messages.length, page: query.before ? 'older' : 'newest',
  }, now);
  const suspended = await suspendedAmong([c.familyId, c.tutorId]);
  return { report: toReport(c, suspended), messages: thread.messages, ...(thread.olderCursor ? { olderCursor: thread.olderCursor } : {}) };
}

export async function closeReport(admin: AuthUser, conversationId: string, now = new Date()): Promise<{ message: string }> {
  await closeReports(admin, conversationId, now);
  return { message: moderationMessages.reportClosed };
}

/** A sign-in that is already gone has nothing to disable or enable. */
async function ifIdentity(step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    if ((error as Error).name !== 'UserNotFoundException') throw error;
  }
}

/**
 * Suspends (with a reason) or reinstates an account. A suspension marks the profile first, so
 * sends are refused at once; then Cognito; then the audit, under an id fixed by the suspension's
 * time, so a retry after a failure finishes the same steps and records the action once. A
 * tutor leaves browse while suspended and comes back when reinstated (rebuilt on every call, so a
 * retry mends a rebuild that failed).
 */
export async function setUserSuspended(admin: AuthUser, userId: string, input: SuspensionRequest, now = new Date()): Promise<SuspensionResponse> {
  const profile = await getProfile(userId);
  if (!profile) throw new NotFound(moderationMessages.userNotFound);
  if (!isSuspendable(profile.role)) throw new BusinessRuleViolated('not_suspendable', moderationMessages.adminNotSuspendable);
  const reason = (input.reason ?? '').trim();
  if (input.suspended) {
    const suspension = profile.suspension ?? { at: now.toISOString(), by: admin.id, reason };
    if (!profile.suspension) await setSuspension(userId, suspension);
    await ifIdentity(() => disableIdentity(profile.email));
    await ifIdentity(() => signOutEverywhere(profile.email));
    await recordAdminAudit(admin, 'user_suspended', userId, { reason: suspension.reason, role: profile.role }, new Date(suspension.at), suspensionAuditId(userId, suspension.at));
    if (profile.role === 'tutor') {
      await reindexTutorListing(userId);
      await announceTutorChange(userId, 'suspended');
    }
    return { userId, suspended: true, message: moderationMessages.suspended };
  }
  if (profile.suspension) {
    // The mark goes last: until it is gone a retry sees the suspension and repeats these steps.
    await ifIdentity(() => enableIdentity(profile.email));
    await recordAdminAudit(admin, 'user_unsuspended', userId, {
      ...(reason ? { reason } : {}), suspendedAt: profile.suspension.at, role: profile.role,
    }, now, reinstatementAuditId(userId, profile.suspension.at));
    await setSuspension(userId, null);
  }
  if (profile.role === 'tutor') {
    await reindexTutorListing(userId);
    await announceTutorChange(userId, 'reinstated');
  }
  return { userId, suspended: false, message: moderationMessages.reinstated };
}
