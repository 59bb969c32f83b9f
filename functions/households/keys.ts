/**
 * Household items in the single table (docs/data-model.md "Households"). Pure: keys, item
 * builders and the schemas items are parsed with when read. A household is its parent's user id:
 *   household  pk HOUSEHOLD#{parentId}  sk HOUSEHOLD             learnerCount (the limit's counter)
 *   learner    pk HOUSEHOLD#{parentId}  sk LEARNER#{learnerId}   one per child; `userId` once the
 *              child has a login of their own, `pairingCode` while a code for it is live
 *   pairing    pk PAIRING#{code}        sk PAIRING               parentId, learnerId, expiresAt (TTL)
 *   consent    pk HOUSEHOLD#{parentId}  sk CONSENT#{learnerId}   who consented, when, to which policy, how (consent.ts)
 * A linked login is written on both sides in one transaction: the learner's `userId` and the
 * user's profile `parentId` + `learnerId` (profiles' item, keys from profiles/keys.ts).
 * Every learner is read by (household, learner id): a learner id of another household is simply
 * not found, so a route that takes one can never reach another family's child.
 */
import * as z from 'zod';
import { CURRICULA } from './grades-catalog.js';
import { MAX_LEARNERS } from './rules.js';
import { profileKey } from '../profiles/keys.js';
import { Consent, consentOf, type ConsentMethod } from './consent.js';
import { LANGUAGES } from '../../events/shared/language.js';

export const householdPartition = (parentId: string) => `HOUSEHOLD#${parentId}`;
export const LEARNER_PREFIX = 'LEARNER#';
export const householdKey = (parentId: string) => ({ pk: householdPartition(parentId), sk: 'HOUSEHOLD' });
export const learnerKey = (parentId: string, learnerId: string) => ({ pk: householdPartition(parentId), sk: `${LEARNER_PREFIX}${learnerId}` });
export const CONSENT_PREFIX = 'CONSENT#';
export const consentKey = (parentId: string, learnerId: string) => ({ pk: householdPartition(parentId), sk: `${CONSENT_PREFIX}${learnerId}` });
export const ConsentItem = Consent;

export function consentItem(consent: Consent): Record<string, unknown> {
  return { ...consentKey(consent.parentId, consent.learnerId), entity: 'Consent', ...consent };
}

export const LearnerItem = z.object({
  learnerId: z.string(),
  parentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  curriculum: z.enum(CURRICULA),
  grade: z.string(),
  school: z.string().optional(),
  subjects: z.array(z.string()).default([]),
  /** The child's own account, once linked. */
  userId: z.string().optional(),
  /** The live pairing code, while there is one (one per learner: a new one replaces it). */
  pairingCode: z.string().optional(),
  /** The add request's client id (AddLearnerRequest): a retry of it finds this learner. */
  requestId: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LearnerItem = z.infer<typeof LearnerItem>;

export function learnerItem(learner: LearnerItem): Record<string, unknown> {
  const { school, requestId, ...rest } = learner;
  return {
    ...learnerKey(learner.parentId, learner.learnerId), entity: 'Learner', ...rest, ...(school ? { school } : {}), ...(requestId ? { requestId } : {}),
  };
}

/**
 * A new learner, the parent's consent for it and the household's count, in one transaction:
 * past the limit none is written.
 */
export function learnerAdded(learner: LearnerItem, method: ConsentMethod = 'added-by-parent') {
  return [
    { Put: { Item: learnerItem(learner), ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { Item: consentItem(consentOf(learner.parentId, learner.learnerId, learner.createdAt, method)) } },
    {
      Update: {
        Key: householdKey(learner.parentId),
        UpdateExpression: 'SET entity = :e, parentId = :p ADD learnerCount :one',
        ConditionExpression: 'attribute_not_exists(learnerCount) OR learnerCount < :max',
        ExpressionAttributeValues: { ':e': 'Household', ':p': learner.parentId, ':one': 1, ':max': MAX_LEARNERS },
      },
    },
  ] as const;
}

/** A learner gone and the household's count down by one, in one transaction (only if the learner was there). */
export function learnerRemoved(parentId: string, learnerId: string) {
  return [
    { Delete: { Key: learnerKey(parentId, learnerId), ConditionExpression: 'attribute_exists(pk)' } },
    { Update: { Key: householdKey(parentId), UpdateExpression: 'ADD learnerCount :minus', ExpressionAttributeValues: { ':minus': -1 } } },
  ] as const;
}

/** A learner's details replaced, only if it is there (never recreated by a late edit of a removed one). */
export function learnerChanged(learner: Omit<LearnerItem, 'createdAt'>) {
  return {
    Key: learnerKey(learner.parentId, learner.learnerId),
    UpdateExpression: `SET firstName = :f, lastName = :l, curriculum = :c, grade = :g, subjects = :s, updatedAt = :u ${learner.school ? ', school = :school' : 'REMOVE school'}`,
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: {
      ':f': learner.firstName, ':l': learner.lastName, ':c': learner.curriculum, ':g': learner.grade,
      ':s': learner.subjects, ':u': learner.updatedAt, ...(learner.school ? { ':school': learner.school } : {}),
    },
  };
}

export const pairingKey = (code: string) => ({ pk: `PAIRING#${code}`, sk: 'PAIRING' });

export const PairingItem = z.object({ code: z.string(), parentId: z.string(), learnerId: z.string(), expiresAt: z.number() });
export type PairingItem = z.infer<typeof PairingItem>;

/**
 * A new code for a learner that has no login yet, replacing its previous code (deleted in the
 * same transaction, so never two live codes for one learner). `expiresAt` is epoch seconds: the
 * table's TTL removes a code nobody used.
 */
export function pairingCreated(pairing: PairingItem, previousCode: string | undefined) {
  return [
    { Put: { Item: { ...pairingKey(pairing.code), entity: 'PairingCode', ...pairing }, ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Update: {
        Key: learnerKey(pairing.parentId, pairing.learnerId),
        UpdateExpression: 'SET pairingCode = :c',
        ConditionExpression: previousCode
          ? 'attribute_exists(pk) AND attribute_not_exists(userId) AND pairingCode = :prev'
          : 'attribute_exists(pk) AND attribute_not_exists(userId) AND attribute_not_exists(pairingCode)',
        ExpressionAttributeValues: { ':c': pairing.code, ...(previousCode ? { ':prev': previousCode } : {}) },
      },
    },
    ...(previousCode ? [{ Delete: { Key: pairingKey(previousCode) } }] : []),
  ];
}

/**
 * A learner and a user account linked, in one transaction: the code used up (only while live),
 * the learner taking the user (only if it has none and the code is still its own), the user's
 * profile taking the household (only a student's, and only if it belongs to none yet).
 */
export function loginLinked(pairing: PairingItem, userId: string, nowEpochSeconds: number, at: string) {
  return [
    { Delete: { Key: pairingKey(pairing.code), ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now', ExpressionAttributeValues: { ':now': nowEpochSeconds } } },
    {
      Update: {
        Key: learnerKey(pairing.parentId, pairing.learnerId),
        UpdateExpression: 'SET userId = :u, updatedAt = :at REMOVE pairingCode',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(userId) AND pairingCode = :c',
        ExpressionAttributeValues: { ':u': userId, ':c': pairing.code, ':at': at },
      },
    },
    profileLinked(userId, pairing.parentId, pairing.learnerId),
  ] as const;
}

/** The user's side of a link: a student's profile that belongs to no household yet. */
export function profileLinked(userId: string, parentId: string, learnerId: string) {
  return {
    Update: {
      Key: profileKey(userId),
      UpdateExpression: 'SET parentId = :p, learnerId = :l',
      ConditionExpression: 'attribute_exists(pk) AND #role = :student AND attribute_not_exists(parentId)',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: { ':p': parentId, ':l': learnerId, ':student': 'student' },
    },
  } as const;
}

/** A login unlinked on both sides (only the pair that is linked now). */
export function loginUnlinked(parentId: string, learnerId: string, userId: string, at: string) {
  return [
    {
      Update: {
        Key: learnerKey(parentId, learnerId),
        UpdateExpression: 'SET updatedAt = :at REMOVE userId',
        ConditionExpression: 'userId = :u',
        ExpressionAttributeValues: { ':u': userId, ':at': at },
      },
    },
    profileUnlinked(userId, learnerId),
  ] as const;
}

export function profileUnlinked(userId: string, learnerId: string) {
  return {
    Update: {
      Key: profileKey(userId),
      UpdateExpression: 'REMOVE parentId, learnerId',
      ConditionExpression: 'learnerId = :l',
      ExpressionAttributeValues: { ':l': learnerId },
    },
  } as const;
}

/**
 * A solo sign-up under 18 waiting for a parent (approval-rules.ts):
 *   request  pk PARENTAPPROVAL#{studentId}  sk PARENTAPPROVAL   one per student: whom to ask, status,
 *            the hash of the one live link's token and its expiry; the approving parent and learner once approved
 *   token    pk APPROVALTOKEN#{sha256}      sk APPROVALTOKEN    studentId, expiresAt (TTL): finds the request from a link
 * The raw token is only ever in the message to the parent.
 */
export const APPROVAL_STATUSES = ['pending', 'approved', 'declined'] as const;
export const approvalRequestKey = (studentId: string) => ({ pk: `PARENTAPPROVAL#${studentId}`, sk: 'PARENTAPPROVAL' });
export const approvalTokenKey = (tokenHash: string) => ({ pk: `APPROVALTOKEN#${tokenHash}`, sk: 'APPROVALTOKEN' });

export const ApprovalRequestItem = z.object({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  parentEmail: z.string(),
  parentPhone: z.string().optional(),
  /** The student's language at sign-up: the parent's message is written in it. */
  language: z.enum(LANGUAGES).optional(),
  status: z.enum(APPROVAL_STATUSES),
  tokenHash: z.string().optional(),
  expiresAt: z.number().optional(),
  parentId: z.string().optional(),
  learnerId: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApprovalRequestItem = z.infer<typeof ApprovalRequestItem>;

export const ApprovalTokenItem = z.object({ studentId: z.string(), expiresAt: z.number() });

export function approvalRequestOpened(request: ApprovalRequestItem) {
  const { parentPhone, language, ...rest } = request;
  return {
    Item: {
      ...approvalRequestKey(request.studentId), entity: 'ParentApproval', ...rest,
      ...(parentPhone ? { parentPhone } : {}), ...(language ? { language } : {}),
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
}

/**
 * A new link for a request that is not approved: its token item, the request pointing at it
 * (and pending again after a decline), the previous link's token item gone, in one transaction.
 */
export function approvalLinkIssued(studentId: string, tokenHash: string, expiresAt: number, previousHash: string | undefined, at: string) {
  return [
    { Put: { Item: { ...approvalTokenKey(tokenHash), entity: 'ParentApprovalToken', studentId, expiresAt }, ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Update: {
        Key: approvalRequestKey(studentId),
        UpdateExpression: 'SET tokenHash = :h, expiresAt = :e, #status = :pending, updatedAt = :at',
        ConditionExpression: previousHash
          ? 'attribute_exists(pk) AND #status <> :approved AND tokenHash = :prev'
          : 'attribute_exists(pk) AND #status <> :approved AND attribute_not_exists(tokenHash)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':h': tokenHash, ':e': expiresAt, ':pending': 'pending', ':approved': 'approved', ':at': at, ...(previousHash ? { ':prev': previousHash } : {}),
        },
      },
    },
    ...(previousHash ? [{ Delete: { Key: approvalTokenKey(previousHash) } }] : []),
  ];
}

/** The link's request pending with this token and not expired: the condition approving and declining share. */
const liveWithToken = 'attribute_exists(pk) AND #status = :pending AND tokenHash = :h AND expiresAt > :now';

/**
 * A parent approves: the request closed with who approved, the student a learner of that
 * household with their own login (as a paired one), an approved-link consent, the household's
 * count, and the student's profile linked and no longer waiting, in one transaction.
 */
export function approvalGranted(learner: LearnerItem & { userId: string }, tokenHash: string, nowEpochSeconds: number) {
  return [
    {
      Update: {
        Key: approvalRequestKey(learner.userId),
        UpdateExpression: 'SET #status = :approved, parentId = :p, learnerId = :l, updatedAt = :at',
        ConditionExpression: liveWithToken,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':approved': 'approved', ':pending': 'pending', ':p': learner.parentId, ':l': learner.learnerId, ':at': learner.createdAt,
          ':h': tokenHash, ':now': nowEpochSeconds,
        },
      },
    },
    ...learnerAdded(learner, 'approved-link'),
    {
      Update: {
        Key: profileKey(learner.userId),
        UpdateExpression: 'SET parentId = :p, learnerId = :l REMOVE parentApproval',
        ConditionExpression: 'attribute_exists(pk) AND #role = :student AND attribute_not_exists(parentId)',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':p': learner.parentId, ':l': learner.learnerId, ':student': 'student' },
      },
    },
  ];
}

export function approvalDeclined(studentId: string, tokenHash: string, nowEpochSeconds: number, at: string) {
  return {
    Key: approvalRequestKey(studentId),
    UpdateExpression: 'SET #status = :declined, updatedAt = :at',
    ConditionExpression: liveWithToken,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':declined': 'declined', ':pending': 'pending', ':h': tokenHash, ':now': nowEpochSeconds, ':at': at },
  };
}
