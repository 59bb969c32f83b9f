/**
 * Weekly availability in the tutor's own partition (keys in keys.ts). A slot and its hour
 * markers are written in one transaction with attribute_not_exists on each marker, so two
 * overlapping slots can never both be saved, even when added at once.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { transactWrite } from '../shared/transact.js';
import { config } from '../shared/config.js';
import type { AvailabilitySlot } from './contract.js';
import { hourMarkerKey, SLOT_PREFIX, slotKey, SlotItem, tutorPk } from './keys.js';
import { slotHours } from './schedule.js';

export class SlotOverlaps extends Error {}

export async function listSlots(tutorId: string): Promise<AvailabilitySlot[]> {
  const slots: AvailabilitySlot[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :from)',
      ExpressionAttributeValues: { ':pk': tutorPk(tutorId), ':from': SLOT_PREFIX },
      ExclusiveStartKey: startKey,
    }));
    slots.push(...(out.Items ?? []).map((item) => SlotItem.parse(item)));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return slots;
}

export async function addSlot(tutorId: string, input: Omit<AvailabilitySlot, 'id' | 'isAvailable'>, now: Date): Promise<AvailabilitySlot> {
  const slot: AvailabilitySlot = { id: randomUUID(), ...input, isAvailable: true };
  const markers = slotHours(slot).map((h) => ({
    Put: {
      TableName: config.tableName,
      Item: { ...hourMarkerKey(tutorId, slot.dayOfWeek, h), entity: 'AvailabilityHour', slotId: slot.id },
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
              ...slotKey(tutorId, slot), entity: 'AvailabilitySlot', slotId: slot.id, tutorId,
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
      { Delete: { TableName: config.tableName, Key: slotKey(tutorId, slot), ConditionExpression: 'attribute_exists(pk)' } },
      ...slotHours(slot).map((h) => ({
        Delete: { TableName: config.tableName, Key: hourMarkerKey(tutorId, slot.dayOfWeek, h) },
      })),
    ],
  });
  return true;
}
