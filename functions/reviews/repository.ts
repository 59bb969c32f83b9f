/**
 * Reviews' items (keys.ts). Every change to a review's part in the rating is one transaction
 * with the tutor's figures (tutors/keys.ts), so the average can never drift from the reviews.
 */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import type { Gsi1Key } from '../shared/cursor.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import { ratingFiguresUpdate } from '../tutors/keys.js';
import {
  FEATURED_REVIEWS_PARTITION, featuredKeys, reviewAuditKey, ReviewItem, reviewItem, reviewKey, studentReviewsPartition, tutorReviewsPartition,
} from './keys.js';
import { ratingChange } from './rules.js';

const conditionFailed = (error: unknown) => cancellationCodes(error)[0] === 'ConditionalCheckFailed';

export async function getReview(bookingId: string): Promise<ReviewItem | null> {
  const out = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: reviewKey(bookingId), ConsistentRead: true }));
  return out.Item ? ReviewItem.parse(out.Item) : null;
}

/** False when the lesson already has a review (one per lesson, even at once). */
export async function putReview(review: ReviewItem): Promise<boolean> {
  const change = ratingChange(null, review.rating);
  try {
    await transactWrite({
      TransactItems: [
        { Put: { TableName: config.tableName, Item: reviewItem(review), ConditionExpression: 'attribute_not_exists(pk)' } },
        ratingFiguresUpdate(config.tableName, review.tutorId, change.sumDelta, change.countDelta),
      ],
    });
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Sets the new rating and comment if the review is still as it was read (same rating, not
 * hidden), so a concurrent edit or hide cannot make the figures move twice; false otherwise.
 */
export async function editReview(before: ReviewItem, after: ReviewItem, at: string): Promise<boolean> {
  const { rating, comment } = after;
  const change = ratingChange(before.rating, rating);
  // The home page entry follows the edited review (and its author's consent).
  const featured = featuredKeys(after);
  const sets = ['rating = :r', 'updatedAt = :at', 'homePageConsent = :consent', ...(comment === undefined ? [] : ['#comment = :c'])];
  if ('gsi3pk' in featured) sets.push('gsi3pk = :fp', 'gsi3sk = :fs');
  const removes = [...(comment === undefined ? ['#comment'] : []), ...('gsi3pk' in featured ? [] : ['gsi3pk', 'gsi3sk'])];
  try {
    await transactWrite({
      TransactItems: [
        {
          Update: {
            TableName: config.tableName, Key: reviewKey(before.bookingId),
            UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
            ConditionExpression: 'rating = :old AND attribute_not_exists(#hidden)',
            ExpressionAttributeNames: { '#comment': 'comment', '#hidden': 'hidden' },
            ExpressionAttributeValues: {
              ':r': rating, ':at': at, ':old': before.rating, ':consent': after.homePageConsent === true,
              ...(comment === undefined ? {} : { ':c': comment }),
              ...('gsi3pk' in featured ? { ':fp': featured.gsi3pk, ':fs': featured.gsi3sk } : {}),
            },
          },
        },
        ...(change.sumDelta ? [ratingFiguresUpdate(config.tableName, before.tutorId, change.sumDelta, change.countDelta)] : []),
      ],
    });
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

/** False when the review already has a reply (once only) or is hidden. */
export async function setReply(bookingId: string, text: string, at: string): Promise<boolean> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: config.tableName, Key: reviewKey(bookingId),
      UpdateExpression: 'SET reply = :reply',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(reply) AND attribute_not_exists(#hidden)',
      ExpressionAttributeNames: { '#hidden': 'hidden' },
      ExpressionAttributeValues: { ':reply': { text, at } },
    }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/**
 * Hides the review: it leaves the tutor's public list and its stars leave the rating, with an
 * audit record, in one transaction; false when it was hidden already.
 */
export async function hideReviewRecord(review: ReviewItem, hidden: { by: string; reason: string; at: string }): Promise<boolean> {
  // Condition on the rating read, so an edit in between cannot leave its stars in the figures.
  const change = ratingChange(review.rating, null);
  try {
    await transactWrite({
      TransactItems: [
        {
          Update: {
            TableName: config.tableName, Key: reviewKey(review.bookingId),
            UpdateExpression: 'SET #hidden = :h REMOVE gsi1pk, gsi1sk, gsi3pk, gsi3sk',
            ConditionExpression: 'attribute_not_exists(#hidden) AND rating = :r',
            ExpressionAttributeNames: { '#hidden': 'hidden' },
            ExpressionAttributeValues: { ':h': hidden, ':r': review.rating },
          },
        },
        ratingFiguresUpdate(config.tableName, review.tutorId, change.sumDelta, change.countDelta),
        {
          Put: {
            TableName: config.tableName,
            Item: { ...reviewAuditKey(review.bookingId, hidden.at), entity: 'ReviewAudit', action: 'hide', ...hidden, rating: review.rating },
          },
        },
      ],
    });
    return true;
  } catch (error) {
    if (conditionFailed(error)) return false;
    throw error;
  }
}

export interface ReviewPage { items: ReviewItem[]; lastKey?: Gsi1Key }

/** A tutor's visible reviews, newest first: Limit page + 1, so a cursor only when more exist. */
export async function tutorReviews(tutorId: string, limit: number, startKey?: Gsi1Key): Promise<ReviewPage> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :p', ExpressionAttributeValues: { ':p': tutorReviewsPartition(tutorId) },
    ScanIndexForward: false, Limit: limit + 1, ExclusiveStartKey: startKey,
  }));
  const items = (out.Items ?? []).map((i) => ReviewItem.parse(i));
  if (items.length <= limit) return { items };
  const page = items.slice(0, limit);
  const last = page[page.length - 1]!;
  return {
    items: page,
    lastKey: { ...reviewKey(last.bookingId), gsi1pk: tutorReviewsPartition(tutorId), gsi1sk: `${last.createdAt}#${last.bookingId}` },
  };
}

/** Every review a student wrote (one per completed lesson: few), newest first. */
export async function studentReviews(studentId: string): Promise<ReviewItem[]> {
  const items: ReviewItem[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: config.tableName, IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :p', ExpressionAttributeValues: { ':p': studentReviewsPartition(studentId) },
      ScanIndexForward: false, ExclusiveStartKey: startKey,
    }));
    items.push(...(out.Items ?? []).map((i) => ReviewItem.parse(i)));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/** The newest reviews that may be quoted on the home page (one bounded Query of the sparse index). */
export async function featuredReviews(limit: number): Promise<ReviewItem[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: config.tableName, IndexName: 'gsi3',
    KeyConditionExpression: 'gsi3pk = :p', ExpressionAttributeValues: { ':p': FEATURED_REVIEWS_PARTITION },
    ScanIndexForward: false, Limit: limit,
  }));
  return (out.Items ?? []).map((i) => ReviewItem.parse(i));
}
