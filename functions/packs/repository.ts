/**
 * Packs in the single table (keys in keys.ts). Booking a lesson from a pack is ONE transaction:
 * the pack's credit (conditioned on the count read), the paid booking and its hour locks, and the
 * lesson's ledger source and booking pointer (its share of the pack's payment). A cancel in time
 * gives the credit back in one transaction too: the marker (once), the pack, the ledger source
 * and pointer gone (the share is unassigned money held again).
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Booking } from '../bookings/contract.js';
import { newBookingPuts } from '../bookings/service.js';
import { bookingPointerKey, bookingPointerPut, sourceKey, sourcePut } from '../ledger/keys.js';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import { Pack } from './contract.js';
import { creditReturnedUpdate, creditTakenUpdate, OFFER_PREFIX, offerKey, packAttemptCounterUpdate, packItem, packKey, packReturnKey, payerPacksPartition } from './keys.js';
import { packLessonReference } from './rules.js';
import * as z from 'zod';
import { tutorPk } from '../tutors/keys.js';

const TableName = () => config.tableName;

export const StoredOffer = z.object({
  id: z.string(), tutorId: z.string(), createdAt: z.string(),
  lessons: z.number().int(), durationMinutes: z.union([z.literal(60), z.literal(90), z.literal(120)]), discountPercent: z.number().int(),
});
export type StoredOffer = z.infer<typeof StoredOffer>;

export async function putOffer(offer: StoredOffer): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: TableName(), Item: { ...offerKey(offer.tutorId, offer.id), entity: 'PackOffer', ...offer } }));
}

export async function deleteOffer(tutorId: string, offerId: string): Promise<boolean> {
  try {
    await dynamo().send(new DeleteCommand({ TableName: TableName(), Key: offerKey(tutorId, offerId), ConditionExpression: 'attribute_exists(pk)' }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

export async function getOffer(tutorId: string, offerId: string): Promise<StoredOffer | null> {
  const out = await dynamo().send(new GetCommand({ TableName: TableName(), Key: offerKey(tutorId, offerId) }));
  return out.Item ? StoredOffer.parse(out.Item) : null;
}

/** A tutor's offers: one Query in their own partition (a handful at most). */
export async function tutorOffers(tutorId: string): Promise<StoredOffer[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: TableName(), KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': tutorPk(tutorId), ':prefix': OFFER_PREFIX },
  }));
  return (out.Items ?? []).map((item) => StoredOffer.parse(item));
}

export async function putPack(pack: Pack): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: TableName(), Item: packItem(pack), ConditionExpression: 'attribute_not_exists(pk)' }));
}

export async function getPack(id: string): Promise<Pack | null> {
  const out = await dynamo().send(new GetCommand({ TableName: TableName(), Key: packKey(id), ConsistentRead: true }));
  return out.Item ? Pack.parse(out.Item) : null;
}

export async function payerPacks(payerId: string): Promise<Pack[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: TableName(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': payerPacksPartition(payerId) },
    ScanIndexForward: false, Limit: 100,
  }));
  return (out.Items ?? []).map((item) => Pack.parse(item));
}

export async function nextPackAttempt(packId: string): Promise<number> {
  const out = await dynamo().send(new UpdateCommand({ TableName: TableName(), ...packAttemptCounterUpdate(packId), ReturnValues: 'UPDATED_NEW' }));
  return z.object({ paymentAttempts: z.number().int().positive() }).parse(out.Attributes).paymentAttempts;
}

export class CreditGone extends Error {}
export class PackHourTaken extends Error {}

/** The credit, the paid booking with its locks and the lesson's ledger share, all or nothing. */
export async function bookWithCredit(
  pack: Pack, shareMinor: number, booking: Booking, hours: readonly string[], item: Record<string, unknown>, now: Date,
): Promise<void> {
  const [bookingPut, ...lockPuts] = newBookingPuts(booking, hours, now);
  const reference = packLessonReference(pack.paymentReference!, booking.id);
  const ledger = [
    sourcePut({ reference, purpose: 'lesson', tutorId: pack.tutorId, amountMinor: shareMinor, paidAt: now.toISOString(), stage: 'held', bookingId: booking.id }),
    bookingPointerPut(booking.id, reference),
  ].map((w) => ({ Put: { TableName: TableName(), ...w.Put } }));
  try {
    await transactWrite({
      TransactItems: [
        { Update: { TableName: TableName(), ...creditTakenUpdate(pack.id, pack.creditsLeft, shareMinor) } },
        { Put: { ...bookingPut!.Put, Item: item } },
        ...lockPuts,
        ...ledger,
      ],
    });
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    const codes = cancellationCodes(error);
    if (codes[0] === 'ConditionalCheckFailed') throw new CreditGone();
    if (codes.slice(2, 2 + lockPuts.length).includes('ConditionalCheckFailed')) throw new PackHourTaken();
    throw error;
  }
}

/** The credit of a cancelled pack lesson comes back, once; false when it already did (or the share was earned). */
export async function returnCredit(pack: Pack, bookingId: string, at: string): Promise<boolean> {
  const reference = packLessonReference(pack.paymentReference!, bookingId);
  const source = await dynamo().send(new GetCommand({ TableName: TableName(), Key: sourceKey(reference), ConsistentRead: true }));
  const shareMinor = (source.Item?.amountMinor as number | undefined) ?? 0;
  if (!source.Item || source.Item.stage !== 'held') return false;
  try {
    await transactWrite({
      TransactItems: [
        { Put: { TableName: TableName(), Item: { ...packReturnKey(pack.id, bookingId), entity: 'PackCreditReturn', bookingId, shareMinor, at }, ConditionExpression: 'attribute_not_exists(pk)' } },
        { Update: { TableName: TableName(), ...creditReturnedUpdate(pack.id, pack.lessons, shareMinor) } },
        {
          Delete: {
            TableName: TableName(), Key: sourceKey(reference),
            ConditionExpression: 'stage = :held AND attribute_not_exists(#h)', ExpressionAttributeNames: { '#h': 'hold' }, ExpressionAttributeValues: { ':held': 'held' },
          },
        },
        { Delete: { TableName: TableName(), Key: bookingPointerKey(bookingId) } },
      ],
    });
    return true;
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') return false;
    throw error;
  }
}
