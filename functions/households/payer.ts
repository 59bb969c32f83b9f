/**
 * Who may book, pay and ask for refunds. A parent pays for their household; a student who is a
 * linked learner (their profile names a household) does not: their parent books and pays, so the
 * routes that move money refuse them with a message that says so. The roles in the token cannot
 * say this (a linked learner is a student), so the caller's profile is read: one Get by key.
 * A student under 18 who signed up alone is refused too until a parent approves the link.
 */
import { getProfile } from '../profiles/service.js';
import { DomainError } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import { approvalMessages } from './minor-rules.js';
import { pairingMessages } from './pairing-rules.js';

export class AskYourParent extends DomainError {
  constructor() { super(403, 'ask_parent', pairingMessages.askParent); }
}

/** A student under 18 who signed up alone, before a parent approved them (approval-service.ts). */
export class WaitingForParent extends DomainError {
  constructor() { super(403, 'parent_approval_pending', approvalMessages.waiting); }
}

/** Throws when the caller may not book or pay for themselves; anyone but a student passes without a read. */
export async function requirePayer(user: AuthUser): Promise<void> {
  if (user.role !== 'student') return;
  const profile = await getProfile(user.id);
  if (profile?.parentId) throw new AskYourParent();
  if (profile?.parentApproval === 'pending') throw new WaitingForParent();
}
