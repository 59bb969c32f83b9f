/**
 * Weekly availability in the tutor's own partition:
 *   slot         pk TUTOR#{tutorId}  sk AVAIL#{dayOfWeek}#{HH:MM}#{slotId}
 *   hour marker  pk TUTOR#{tutorId}  sk AVAILHOUR#{dayOfWeek}#{HH}   (one per covered hour)
 * A slot and its markers are written in one transaction with attribute_not_exists on each
 * marker, so two overlapping slots can never both be saved, even when added at once.
 * Booked hours (written by bookings) are read from the same partition:
 *   hour lock    pk TUTOR#{tutorId}  sk LOCK#{startUtcIso}
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws.js';
import { transactWrite } from '../shared/transact.js';
import { config } from '../shared/config.js';
import type { AvailabilitySlot } from './contract.js';
import { slotHours } from './schedule.js';

export const tutorPk = (tutorId: string) => `TUTOR#${tutorId}`;
const slotSk = (s: Pick<AvailabilitySlot, 'dayOfWeek' | 'startTime' | 'id'>) => `AVAIL#${s.dayOfWeek}#${s.startTime}#${s.id}`;
const markerSk = (dayOfWeek: number, hour: string) => `AVAILHOUR#${dayOfWeek}#${hour}`;
export const hourLockSk = (startIso: string) => `LOCK#${startIso}`;

export class SlotOverlaps extends Error {}

async function queryPrefix(pk: string, from: string, to?: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: to ? 'pk = :pk AND sk BETWEEN :from AND :to' : 'pk = :pk AND begins_with(sk, :from)',
      ExpressionAttributeValues: { ':pk': pk, ':from': from, ...(to ? { ':to': to } : {}) },
      ExclusiveStartKey: startKey,
    }));
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return items;
}

export async function listSlots(tutorId: string): Promise<AvailabilitySlot[]> {
  const items = await queryPrefix(tutorPk(tutorId), 'AVAIL#');
  return items.map((item) => ({
    id: item.slotId as string,
    dayOfWeek: item.dayOfWeek as number,
    startTime: item.startTime as string,
    endTime: item.endTime as string,
    isAvailable: item.isAvailable !== false,
  }));
}

export async function addSlot(tutorId: string, input: Omit<AvailabilitySlot, 'id' | 'isAvailable'>, now: Date): Promise<AvailabilitySlot> {
  const slot: AvailabilitySlot = { id: randomUUID(), ...input, isAvailable: true };
  const markers = slotHours(slot).map((h) => ({
    Put: {
      TableName: config.tableName,
      Item: { pk: tutorPk(tutorId), sk: markerSk(slot.dayOfWeek, h), entity: 'AvailabilityHour', slotId: slot.id },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  }));
  try {
    await transactWrite({
      TransactItems: [
        {
          Put: {
            TableName: config.tableName,
            Item: {
              pk: tutorPk(tutorId), sk: slotSk(slot), entity: 'AvailabilitySlot', slotId: slot.id, tutorId,
              dayOfWeek: slot.dayOfWeek, startTime: slot.startTime, endTime: slot.endTime, isAvailable: true,
              createdAt: now.toISOString(),
            },
          },
        },
        ...markers,
      ],
    });
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') throw new SlotOverlaps();
    throw error;
  }
  return slot;
}

/** Deletes one of the tutor's own slots (the key includes the tutor, so no one else's). */
export async function deleteSlot(tutorId: string, slotId: string): Promise<boolean> {
  const slot = (await listSlots(tutorId)).find((s) => s.id === slotId);
  if (!slot) return false;
  await transactWrite({
    TransactItems: [
      { Delete: { TableName: config.tableName, Key: { pk: tutorPk(tutorId), sk: slotSk(slot) }, ConditionExpression: 'attribute_exists(pk)' } },
      ...slotHours(slot).map((h) => ({
        Delete: { TableName: config.tableName, Key: { pk: tutorPk(tutorId), sk: markerSk(slot.dayOfWeek, h) } },
      })),
    ],
  });
  return true;
}

/** Booked hour starts (UTC ISO) in [from, to), with the booking that holds each. */
export async function bookedHours(tutorId: string, from: Date, to: Date, now = new Date()): Promise<Map<string, string>> {
  const items = await queryPrefix(tutorPk(tutorId), hourLockSk(from.toISOString()), hourLockSk(to.toISOString()));
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const taken = new Map<string, string>();
  for (const item of items) {
    // An unpaid hold past its expiry no longer holds the hour, even before TTL deletes it.
    if (typeof item.expiresAt === 'number' && item.expiresAt <= nowSeconds) continue;
    taken.set((item.sk as string).slice('LOCK#'.length), item.bookingId as string);
  }
  return taken;
}
