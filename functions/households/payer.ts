/**
 * Who may book, pay and ask for refunds. A parent pays for their household; a student who is a
 * linked learner (their profile names a household) does not: their parent books and pays, so the
 * routes that move money refuse them with a message that says so. The roles in the token cannot
 * say this (a linked learner is a student), so the caller's profile is read: one Get by key.
 */
import { getProfile } from '../profiles/service.js';
import { DomainError } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import { pairingMessages } from './pairing-rules.js';

export class AskYourParent extends DomainError {
  constructor() { super(403, 'ask_parent', pairingMessages.askParent); }
}

/** Throws when the caller may not book or pay for themselves; anyone but a student passes without a read. */
export async function requirePayer(user: AuthUser): Promise<void> {
  if (user.role !== 'student') return;
  const profile = await getProfile(user.id);
  if (profile?.parentId) throw new AskYourParent();
}
