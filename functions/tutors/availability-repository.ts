/**
 * Weekly availability slots live in the tutor's own partition:
 *   pk TUTOR#{tutorId}   sk AVAIL#{dayOfWeek}#{startTime}#{slotId}
 * so one Query returns them already ordered by weekday then start time (spec §7).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws.js';
import { config } from '../shared/config.js';
import type { AvailabilitySlot } from './contract.js';

export const tutorPk = (tutorId: string) => `TUTOR#${tutorId}`;

export async function listSlots(tutorId: string): Promise<AvailabilitySlot[]> {
  const slots: AvailabilitySlot[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': tutorPk(tutorId), ':prefix': 'AVAIL#' },
      ExclusiveStartKey: startKey,
    }));
    for (const item of out.Items ?? []) {
      slots.push({
        id: item.slotId as string,
        dayOfWeek: item.dayOfWeek as number,
        startTime: item.startTime as string,
        endTime: item.endTime as string,
        isAvailable: item.isAvailable !== false,
      });
    }
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return slots;
}
