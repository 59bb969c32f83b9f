/**
 * Learner logins: a parent makes a pairing code for a child's learner record, the child enters it
 * from their own student account, and from then on that account is the learner (learner-scoped:
 * their own lessons and progress; the parent books and pays). Rules in pairing-rules.ts; the
 * link is one transaction on both sides (keys.ts loginLinked). docs/decisions/2026-11-28-learner-logins-and-consent.md.
 */
import { getProfile } from '../profiles/service.js';
import { Conflict, DomainError, NotFound } from '../shared/errors.js';
import type { AuthUser } from '../shared/http.js';
import { enforceRateLimit } from '../shared/rate-limit.js';
import type { JoinHouseholdResponse, PairingCodeResponse } from './contract.js';
import {
  isPairingCodeLive, newPairingCode, PAIRING_CODE_LIMIT, PAIRING_REDEEM_LIMIT, pairingCodeExpiry, pairingMessages,
} from './pairing-rules.js';
import * as repository from './repository.js';
import { householdMessages } from './rules.js';

const codeInvalid = () => new DomainError(422, 'pairing_code_invalid', pairingMessages.codeInvalid);

export async function createPairingCode(user: AuthUser, learnerId: string, now = new Date()): Promise<PairingCodeResponse> {
  await enforceRateLimit(PAIRING_CODE_LIMIT, `user:${user.id}`, now);
  const learner = await repository.getLearner(user.id, learnerId);
  if (!learner) throw new NotFound(householdMessages.notFound);
  if (learner.userId) throw new Conflict('learner_has_login', pairingMessages.learnerHasLogin);
  const expiresAt = pairingCodeExpiry(now);
  const code = newPairingCode();
  const outcome = await repository.createPairingCode(
    { code, parentId: user.id, learnerId, expiresAt: Math.floor(expiresAt.getTime() / 1000) }, learner.pairingCode,
  );
  // Another code or a login arrived between the read and the write: the parent asks again.
  if (outcome === 'changed') throw new Conflict('learner_changed', pairingMessages.learnerChanged);
  return { code, expiresAt: expiresAt.toISOString() };
}

/** `code` is already normalised by the contract (JoinHouseholdRequest). */
export async function joinHousehold(user: AuthUser, code: string, now = new Date()): Promise<JoinHouseholdResponse> {
  await enforceRateLimit(PAIRING_REDEEM_LIMIT, `user:${user.id}`, now);
  const pairing = await repository.getPairing(code);
  if (!pairing || !isPairingCodeLive(pairing.expiresAt, now)) throw codeInvalid();
  const refusal = await repository.linkLogin(pairing, user.id, now);
  if (refusal === 'code') throw codeInvalid();
  if (refusal === 'learner') throw new Conflict('learner_has_login', pairingMessages.learnerHasLogin);
  if (refusal === 'user') {
    const profile = await getProfile(user.id);
    throw profile?.parentId ? new Conflict('already_linked', pairingMessages.alreadyLinked) : new Conflict('not_a_student', pairingMessages.onlyStudents);
  }
  const learner = await repository.getLearner(pairing.parentId, pairing.learnerId);
  if (!learner) throw codeInvalid();
  return {
    learner: { firstName: learner.firstName, lastName: learner.lastName, curriculum: learner.curriculum, grade: learner.grade },
    message: pairingMessages.linked,
  };
}

export async function unlinkLearnerLogin(user: AuthUser, learnerId: string, now = new Date()): Promise<void> {
  const learner = await repository.getLearner(user.id, learnerId);
  if (!learner) throw new NotFound(householdMessages.notFound);
  if (!learner.userId || !await repository.unlinkLogin(user.id, learnerId, learner.userId, now)) throw new NotFound(pairingMessages.noLogin);
}
