/**
 * A tutor's maintained figures (keys.ts "Tutor figures"): lessons and distinct students counted
 * once each from LessonCompleted, the rating moved by reviews in their own transactions.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import { lessonTaughtKey, NO_FIGURES, studentTaughtKey, tutorFiguresKey, TutorFiguresItem } from './keys.js';

export async function getTutorFigures(tutorId: string): Promise<TutorFiguresItem> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: tutorFiguresKey(tutorId) }));
  return out.Item ? TutorFiguresItem.parse(out.Item) : NO_FIGURES;
}

/** Puts `marker` if it is new and adds 1 to `counter` with it; false when the marker existed. */
async function countOnce(tutorId: string, marker: { pk: string; sk: string }, counter: 'lessonsTaught' | 'studentsTaught', at: string) {
  try {
    await transactWrite({
      TransactItems: [
        { Put: { TableName: config.tableName, Item: { ...marker, countedAt: at }, ConditionExpression: 'attribute_not_exists(pk)' } },
        {
          Update: {
            TableName: config.tableName, Key: tutorFiguresKey(tutorId),
            UpdateExpression: 'ADD #n :one', ExpressionAttributeNames: { '#n': counter }, ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ],
    });
    return true;
  } catch (error) {
    if (cancellationCodes(error)[0] === 'ConditionalCheckFailed') return false;
    throw error;
  }
}

/**
 * Counts a completed lesson once per booking and its student once per tutor. Two transactions:
 * a redelivery after the first finds its marker and still does the second.
 */
export async function countLessonTaught(tutorId: string, bookingId: string, studentId: string, at: string) {
  const lesson = await countOnce(tutorId, lessonTaughtKey(tutorId, bookingId), 'lessonsTaught', at);
  const student = await countOnce(tutorId, studentTaughtKey(tutorId, studentId), 'studentsTaught', at);
  return { lesson, student };
}
