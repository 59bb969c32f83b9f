/**
 * A solo sign-up under 18 and the parent's approval of it (rules in approval-rules.ts, items in
 * keys.ts). Sign-up opens the request; the ParentApprovalRequested consumer issues the link and
 * mails it; the parent approves (the student becomes a learner of their household with their own
 * login, an approved-link consent, the limit lifted) or declines (still limited). Every step can
 * be repeated without a second effect. docs/decisions/2026-11-28-parent-approval-link.md.
 */
import { createHash } from 'node:crypto';
import type { Language } from '../../events/shared/language.js';
import { getProfile } from '../profiles/service.js';
import { BusinessRuleViolated, Conflict, DomainError, Gone, NotFound } from '../shared/errors.js';
import { publishEvent } from '../shared/events.js';
import type { AuthUser } from '../shared/http.js';
import { enforceRateLimit } from '../shared/rate-limit.js';
import { ApprovalTokenRequest, ApproveRequest, type ApprovalAnswer, type ApprovalView } from './approval-contract.js';
import {
  APPROVAL_RESEND_LIMIT, approvalExpiry, approvalMessages, approvalTokenHash, isApprovalLive, isApprovalTokenShape, newApprovalToken,
} from './approval-rules.js';
import type { ApprovalRequestItem } from './keys.js';
import * as repository from './repository.js';
import { householdMessages } from './rules.js';

const linkInvalid = () => new NotFound(approvalMessages.linkInvalid);
const linkUsed = () => new Gone('approval_link_used', approvalMessages.linkUsed);
const linkExpired = () => new Gone('approval_link_expired', approvalMessages.linkExpired);

export interface ApprovalAsked {
  studentId: string;
  firstName: string;
  lastName: string;
  parentEmail: string;
  parentPhone?: string;
  language?: Language;
}

/** Sign-up's step: the request stored, and the event whose consumer sends the parent the link. */
export async function openParentApproval(asked: ApprovalAsked, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await repository.openApprovalRequest({ ...asked, status: 'pending', createdAt: at, updatedAt: at });
  await publishEvent('ParentApprovalRequested', { studentId: asked.studentId, occurredAt: at });
}

/**
 * A fresh link for a request that is not approved (the previous one stops working): the raw
 * token, only for the message. Null when there is nothing to ask any more.
 */
export async function issueApprovalLink(studentId: string, now = new Date()): Promise<{ token: string; request: ApprovalRequestItem; expiresAt: Date } | null> {
  const request = await repository.getApprovalRequest(studentId);
  if (!request || request.status === 'approved') return null;
  const token = newApprovalToken();
  const expiresAt = approvalExpiry(now);
  const issued = await repository.issueApprovalLink(studentId, approvalTokenHash(token), Math.floor(expiresAt.getTime() / 1000), request.tokenHash, now.toISOString());
  // Approved or given another link between the read and the write: that one stands.
  return issued ? { token, request, expiresAt } : null;
}

/** The request a link is the live link of, whatever its status; invalid for a token that is not, or no longer, its request's. */
async function requestOf(token: string): Promise<{ request: ApprovalRequestItem; hash: string }> {
  if (!isApprovalTokenShape(token)) throw linkInvalid();
  const hash = approvalTokenHash(token);
  const pointer = await repository.getApprovalToken(hash);
  if (!pointer) throw linkInvalid();
  const request = await repository.getApprovalRequest(pointer.studentId);
  if (!request || request.tokenHash !== hash) throw linkInvalid();
  return { request, hash };
}

function refuseUnlessOpen(request: ApprovalRequestItem, now: Date): void {
  if (request.status !== 'pending') throw linkUsed();
  if (!request.expiresAt || !isApprovalLive(request.expiresAt, now)) throw linkExpired();
}

export async function viewApproval(input: ApprovalTokenRequest, now = new Date()): Promise<ApprovalView> {
  const { token } = ApprovalTokenRequest.parse(input);
  const { request } = await requestOf(token);
  refuseUnlessOpen(request, now);
  return {
    student: { firstName: request.firstName, lastName: request.lastName },
    expiresAt: new Date((request.expiresAt ?? 0) * 1000).toISOString(),
  };
}

/** One learner id per student: a second approval (a double click) writes to the same key and is refused whole. */
function learnerIdFor(studentId: string): string {
  const hex = createHash('sha256').update(`approved-link\n${studentId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The same parent approving again with the same link is answered as the first time; anyone else is told it is used. */
function alreadyApprovedBy(request: ApprovalRequestItem, user: AuthUser, hash: string): ApprovalAnswer | null {
  if (request.status === 'approved' && request.parentId === user.id && request.tokenHash === hash && request.learnerId) {
    return { learnerId: request.learnerId, message: approvalMessages.approved };
  }
  return null;
}

export async function approve(user: AuthUser, input: ApproveRequest, now = new Date()): Promise<ApprovalAnswer> {
  const { token, curriculum, grade } = ApproveRequest.parse(input);
  const { request, hash } = await requestOf(token);
  const again = alreadyApprovedBy(request, user, hash);
  if (again) return again;
  refuseUnlessOpen(request, now);
  const at = now.toISOString();
  const learnerId = learnerIdFor(request.studentId);
  const refusal = await repository.grantApproval({
    learnerId, parentId: user.id, firstName: request.firstName, lastName: request.lastName, curriculum, grade, subjects: [],
    userId: request.studentId, createdAt: at, updatedAt: at,
  }, hash, now);
  if (refusal === 'limit') throw new BusinessRuleViolated('learner_limit', householdMessages.limitReached);
  if (refusal === 'student') throw new Conflict('already_linked', approvalMessages.alreadyLinked);
  if (refusal === 'link') {
    // Another click of the same approval got there first, or the link changed meanwhile.
    const { request: latest } = await requestOf(token);
    const first = alreadyApprovedBy(latest, user, hash);
    if (first) return first;
    refuseUnlessOpen(latest, now);
    throw linkUsed();
  }
  return { learnerId, message: approvalMessages.approved };
}

export async function decline(input: ApprovalTokenRequest, now = new Date()): Promise<ApprovalAnswer> {
  const { token } = ApprovalTokenRequest.parse(input);
  const { request, hash } = await requestOf(token);
  if (request.status === 'declined') return { message: approvalMessages.declined };
  refuseUnlessOpen(request, now);
  if (!await repository.declineApproval(request.studentId, hash, now)) {
    const { request: latest } = await requestOf(token);
    if (latest.status !== 'declined') throw linkUsed();
  }
  return { message: approvalMessages.declined };
}

/** The student asks for a new link (the old one stops working); a few an hour. */
export async function resendApproval(user: AuthUser, now = new Date()): Promise<ApprovalAnswer> {
  const profile = await getProfile(user.id);
  if (profile?.parentApproval !== 'pending') throw new DomainError(409, 'not_waiting', approvalMessages.notWaiting);
  await enforceRateLimit(APPROVAL_RESEND_LIMIT, `user:${user.id}`, now);
  await publishEvent('ParentApprovalRequested', { studentId: user.id, occurredAt: now.toISOString() });
  return { message: approvalMessages.resent };
}
