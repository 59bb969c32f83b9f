/**
 * Bookings in the single table:
 *   booking    pk BOOKING#{id}     sk BOOKING          gsi1 STUDENT#{studentId} / {scheduledAt}#{id}
 *                                                      gsi2 TUTORBOOKINGS#{tutorId} / {scheduledAt}#{id}
 *   hour lock  pk TUTOR#{tutorId}  sk LOCK#{startIso}  bookingId, expiresAt (epoch s) while unpaid
 * A booking and its hour locks are written in one transaction. A lock may be taken when it does
 * not exist or its hold has expired, so a tutor's hour is never held by two bookings.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws.js';
import { transactWrite } from '../shared/transact.js';
import { config } from '../shared/config.js';
import { weeklyStatsKey } from '../shared/time.js';
import { hourLockSk, tutorPk } from '../tutors/availability-repository.js';
import type { Booking } from './contract.js';

export const bookingKey = (id: string) => ({ pk: `BOOKING#${id}`, sk: 'BOOKING' });
export const hourLockKey = (tutorId: string, startIso: string) => ({ pk: tutorPk(tutorId), sk: hourLockSk(startIso) });

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

function toBooking(item: Record<string, unknown>): Booking {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, entity: _e, lockedHours: _h, ...rest } = item;
  return rest as unknown as Booking;
}

export class HourTaken extends Error {}

export async function createBookingWithLocks(booking: Booking, hours: string[], now: Date): Promise<void> {
  const expiresAt = booking.holdExpiresAt ? epochSeconds(booking.holdExpiresAt) : undefined;
  try {
    await transactWrite({
      TransactItems: [
        {
          Put: {
            TableName: config.tableName,
            Item: {
              ...bookingKey(booking.id), entity: 'Booking', ...booking, lockedHours: hours,
              gsi1pk: `STUDENT#${booking.studentId}`, gsi1sk: `${booking.scheduledAt}#${booking.id}`,
              gsi2pk: `TUTORBOOKINGS#${booking.tutorId}`, gsi2sk: `${booking.scheduledAt}#${booking.id}`,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        ...hours.map((start) => ({
          Put: {
            TableName: config.tableName,
            Item: { ...hourLockKey(booking.tutorId, start), entity: 'HourLock', bookingId: booking.id, ...(expiresAt ? { expiresAt } : {}) },
            // Free, or held by an unpaid booking whose hold has run out.
            ConditionExpression: 'attribute_not_exists(pk) OR (attribute_exists(expiresAt) AND expiresAt <= :now)',
            ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000) },
          },
        })),
        {
          Update: {
            TableName: config.tableName, Key: weeklyStatsKey(now),
            UpdateExpression: 'ADD bookings :one', ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ],
    });
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw new HourTaken();
    throw error;
  }
}

/** The bookings holding some of these hours of a tutor (at most two reads: a lesson covers ≤ 2 hours). */
export async function hourHolders(tutorId: string, hours: readonly string[]): Promise<string[]> {
  const locks = await Promise.all(hours.map((start) =>
    dynamo().send(new GetCommand({ TableName: config.tableName, Key: hourLockKey(tutorId, start) }))));
  return [...new Set(locks.map((out) => out.Item?.bookingId).filter((id): id is string => typeof id === 'string'))];
}

export async function getBooking(id: string): Promise<(Booking & { lockedHours: string[] }) | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: bookingKey(id) }));
  if (!out.Item) return null;
  return { ...toBooking(out.Item), lockedHours: (out.Item.lockedHours as string[] | undefined) ?? [] };
}

async function queryIndex(index: 'gsi1' | 'gsi2', partition: string, limit: number): Promise<Booking[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName,
    IndexName: index,
    KeyConditionExpression: `${index}pk = :p`,
    ExpressionAttributeValues: { ':p': partition },
    ScanIndexForward: true,
    Limit: limit,
  }));
  return (out.Items ?? []).map(toBooking);
}

/** Bookings, soonest first (spec §7: ordered by scheduled_at ascending). */
export const listStudentBookings = (studentId: string, limit = 200) => queryIndex('gsi1', `STUDENT#${studentId}`, limit);
export const listTutorBookings = (tutorId: string, limit = 500) => queryIndex('gsi2', `TUTORBOOKINGS#${tutorId}`, limit);
