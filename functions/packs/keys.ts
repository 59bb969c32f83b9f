/**
 * Pack items in the single table:
 *   offer     pk TUTOR#{tutorId}  sk PACKOFFER#{offerId}   a tutor's terms (priced when read)
 *   pack      pk PACK#{id}        sk PACK                  gsi1 PACKS#{payerId} / {createdAt}#{id}
 *             creditsLeft, unassignedMinor: taken in the same transaction as each lesson's booking
 *             paymentAttempts: ADDed once per payment attempt, the number of its reference
 *   returned  pk PACK#{id}        sk RETURN#{bookingId}    a cancelled lesson's credit came back (once)
 * Pure: keys, item builders and the conditional updates.
 */
import { tutorPk } from '../tutors/keys.js';
import type { Pack } from './contract.js';

export const OFFER_PREFIX = 'PACKOFFER#';
export const offerKey = (tutorId: string, offerId: string) => ({ pk: tutorPk(tutorId), sk: `${OFFER_PREFIX}${offerId}` });
export const packKey = (id: string) => ({ pk: `PACK#${id}`, sk: 'PACK' });
export const packReturnKey = (id: string, bookingId: string) => ({ pk: `PACK#${id}`, sk: `RETURN#${bookingId}` });
export const payerPacksPartition = (payerId: string) => `PACKS#${payerId}`;

export const packItem = (pack: Pack) => ({
  ...packKey(pack.id), entity: 'Pack', ...pack, gsi1pk: payerPacksPartition(pack.payerId), gsi1sk: `${pack.createdAt}#${pack.id}`,
});

export const packAttemptCounterUpdate = (packId: string) => ({
  Key: packKey(packId), UpdateExpression: 'ADD paymentAttempts :one', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':one': 1 },
});

/** The pack becomes active (its credits usable), only while it awaits payment: a second payment fails here. */
export const packPaidUpdate = (packId: string, reference: string, paidAt: string) => ({
  Key: packKey(packId),
  UpdateExpression: 'SET #s = :active, paymentReference = :ref, paidAt = :at',
  ConditionExpression: '#s = :awaiting',
  ExpressionAttributeNames: { '#s': 'status' },
  ExpressionAttributeValues: { ':active': 'active', ':awaiting': 'awaiting_payment', ':ref': reference, ':at': paidAt },
});

/**
 * Takes one credit and its share of the money, only if the pack still has exactly the credits
 * read: of two bookings racing for the last credit one fails here, so a credit is never spent
 * twice and the count never goes below zero.
 */
export const creditTakenUpdate = (packId: string, seenCredits: number, shareMinor: number) => ({
  Key: packKey(packId),
  UpdateExpression: 'SET creditsLeft = creditsLeft - :one, unassignedMinor = unassignedMinor - :share',
  ConditionExpression: '#s = :active AND creditsLeft = :seen AND creditsLeft > :zero AND unassignedMinor >= :share',
  ExpressionAttributeNames: { '#s': 'status' },
  ExpressionAttributeValues: { ':one': 1, ':share': shareMinor, ':seen': seenCredits, ':zero': 0, ':active': 'active' },
});

/** A cancelled lesson's credit and share come back (its marker item makes it once). */
export const creditReturnedUpdate = (packId: string, lessons: number, shareMinor: number) => ({
  Key: packKey(packId),
  UpdateExpression: 'SET creditsLeft = creditsLeft + :one, unassignedMinor = unassignedMinor + :share',
  ConditionExpression: 'creditsLeft < :lessons',
  ExpressionAttributeValues: { ':one': 1, ':share': shareMinor, ':lessons': lessons },
});
