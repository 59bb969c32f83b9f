/**
 * Courses, lessons and enrolments in the single table (keys in keys.ts). Items are parsed when read.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet } from '../shared/batch.js';
import { config } from '../shared/config.js';
import { dynamo } from '../shared/aws/dynamo.js';
import { addOnce, countedKey } from '../shared/counted.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import { MAX_LESSONS } from './catalog.js';
import {
  courseKey, coursePk, draftCourseItem, enrolmentCountUpdate, enrolmentKey, LESSON_PREFIX, lessonItem, lessonKey, newEnrolmentPut, publishedIndexKeys,
  StoredCourse, StoredEnrolment, StoredLesson, studentCoursesPartition, tutorCoursesPartition,
} from './keys.js';
import type { CataloguePlan } from './rules.js';

const TableName = () => config.tableName;

export async function putNewCourse(course: StoredCourse): Promise<void> {
  await dynamo().send(new PutCommand({
    TableName: TableName(), Item: draftCourseItem(course), ConditionExpression: 'attribute_not_exists(pk)',
  }));
}

export async function getCourse(id: string): Promise<StoredCourse | null> {
  const out = await dynamo().send(new GetCommand({ TableName: TableName(), Key: courseKey(id), ConsistentRead: true }));
  return out.Item ? StoredCourse.parse(out.Item) : null;
}

/** These courses, by key (one BatchGet per 100); absent ones are left out. */
export async function getCourses(ids: readonly string[]): Promise<StoredCourse[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return (await batchGet(TableName(), unique.map(courseKey))).map((i) => StoredCourse.parse(i));
}

/** The course and its lessons in course order (one Query of the course's partition, enrolments excluded). */
export async function getCourseWithLessons(id: string): Promise<{ course: StoredCourse; lessons: StoredLesson[] } | null> {
  const items: Array<Record<string, unknown>> = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new QueryCommand({
      TableName: TableName(), ConsistentRead: true,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      // "COURSE" and "LESSON#…" sort together; "ENROL#…" sorts before them and is left out.
      ExpressionAttributeValues: { ':pk': coursePk(id), ':from': 'COURSE', ':to': `${LESSON_PREFIX}\uffff` },
      ExclusiveStartKey: startKey,
    }));
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  const courseItem = items.find((i) => i.sk === 'COURSE');
  if (!courseItem) return null;
  const course = StoredCourse.parse(courseItem);
  const byId = new Map(items.filter((i) => String(i.sk).startsWith(LESSON_PREFIX))
    .map((i) => StoredLesson.parse(i)).map((l) => [l.lessonId, l]));
  return { course, lessons: course.lessonIds.map((lid) => byId.get(lid)).filter((l): l is StoredLesson => !!l) };
}

/** Sets (and removes) course fields, only on the owner's existing course. */
export async function updateCourseFields(
  id: string, tutorId: string, set: Record<string, unknown>, remove: readonly string[] = [],
): Promise<StoredCourse> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':tutor': tutorId };
  // Every change of the course's fields (details, publishing) is a change of its public page.
  const sets = Object.entries({ ...set, updatedAt: new Date().toISOString() }).map(([k, v], i) => {
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    return `#s${i} = :s${i}`;
  });
  const removes = remove.map((k, i) => { names[`#r${i}`] = k; return `#r${i}`; });
  const out = await dynamo().send(new UpdateCommand({
    TableName: TableName(), Key: courseKey(id),
    UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].join(' '),
    ConditionExpression: 'attribute_exists(pk) AND tutorId = :tutor',
    ExpressionAttributeNames: names, ExpressionAttributeValues: values, ReturnValues: 'ALL_NEW',
  }));
  return StoredCourse.parse(out.Attributes);
}

/** Dates a change of the course's public page kept on another item (a lesson's title or file): its updatedAt only. */
export async function touchCourse(course: StoredCourse): Promise<void> {
  await updateCourseFields(course.id, course.tutorId, {});
}

export class TooManyLessons extends Error {}

/** Adds a lesson at the end: the lesson and the course's order change together. */
export async function appendLesson(course: StoredCourse, lesson: StoredLesson): Promise<void> {
  try {
    await transactWrite({
      TransactItems: [
        { Put: { TableName: TableName(), Item: lessonItem(course.id, lesson), ConditionExpression: 'attribute_not_exists(pk)' } },
        {
          Update: {
            TableName: TableName(), Key: courseKey(course.id),
            // A published course's syllabus is on its public page: its last change (the sitemap's lastmod).
            UpdateExpression: 'SET lessonIds = list_append(lessonIds, :new), updatedAt = :now',
            ConditionExpression: 'tutorId = :tutor AND size(lessonIds) < :max',
            ExpressionAttributeValues: { ':new': [lesson.lessonId], ':tutor': course.tutorId, ':max': MAX_LESSONS, ':now': new Date().toISOString() },
          },
        },
      ],
    });
  } catch (error) {
    if (cancellationCodes(error)[1] === 'ConditionalCheckFailed') throw new TooManyLessons();
    throw error;
  }
}

export class OrderChanged extends Error {}

/** New order of the same lessons, only if the order read is still the stored one. */
export async function setLessonOrder(course: StoredCourse, lessonIds: string[]): Promise<void> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: TableName(), Key: courseKey(course.id),
      UpdateExpression: 'SET lessonIds = :ids, updatedAt = :now',
      ConditionExpression: 'lessonIds = :old AND tutorId = :tutor',
      ExpressionAttributeValues: { ':ids': lessonIds, ':old': course.lessonIds, ':tutor': course.tutorId, ':now': new Date().toISOString() },
    }));
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new OrderChanged();
    throw error;
  }
}

export async function setPublished(course: StoredCourse, publishedAt: string | null): Promise<StoredCourse> {
  if (publishedAt) {
    return updateCourseFields(course.id, course.tutorId, {
      isPublished: true, publishedAt, ...publishedIndexKeys(course.id, course.category, publishedAt),
    });
  }
  return updateCourseFields(course.id, course.tutorId, { isPublished: false }, ['gsi1pk', 'gsi1sk', 'gsi3pk', 'gsi3sk']);
}

export async function listTutorCourses(tutorId: string): Promise<StoredCourse[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: TableName(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :p',
    ExpressionAttributeValues: { ':p': tutorCoursesPartition(tutorId) }, ScanIndexForward: false, Limit: 200,
  }));
  return (out.Items ?? []).map((i) => StoredCourse.parse(i));
}

export interface CataloguePage { courses: StoredCourse[]; lastKey?: Record<string, string>; readCalls: number; itemsRead: number }

/** Items read per DynamoDB page when filters are on (without them every item read is a result). */
export const FILTERED_PAGE_ITEMS = 60;
/** DynamoDB pages read per catalogue request at most: a rare word costs a bounded amount. */
export const MAX_CATALOGUE_CALLS = 3;

/** One catalogue page, newest first, at most MAX_CATALOGUE_CALLS Queries; the key continues it. */
export async function queryCatalogue(plan: CataloguePlan, limit: number, startKey?: Record<string, string>): Promise<CataloguePage> {
  const pkName = `${plan.index}pk`;
  const courses: StoredCourse[] = [];
  let lastKey = startKey;
  let readCalls = 0;
  let itemsRead = 0;
  let lastItem: Record<string, unknown> | undefined;
  const keyOf = (item: Record<string, unknown>) => ({
    pk: String(item.pk), sk: String(item.sk), [pkName]: String(item[pkName]), [`${plan.index}sk`]: String(item[`${plan.index}sk`]),
  });
  while (readCalls < MAX_CATALOGUE_CALLS) {
    const out = await dynamo().send(new QueryCommand({
      TableName: TableName(), IndexName: plan.index,
      KeyConditionExpression: `${pkName} = :p`,
      ...(plan.filters.length ? { FilterExpression: plan.filters.join(' AND ') } : {}),
      ...(plan.filters.some((f) => f.includes('#level')) ? { ExpressionAttributeNames: { '#level': 'level' } } : {}),
      ExpressionAttributeValues: { ':p': plan.partition, ...plan.values },
      ScanIndexForward: false,
      Limit: plan.filters.length ? FILTERED_PAGE_ITEMS : limit - courses.length + 1,
      ExclusiveStartKey: lastKey,
    }));
    readCalls++;
    itemsRead += out.ScannedCount ?? 0;
    lastKey = out.LastEvaluatedKey as Record<string, string> | undefined;
    for (const item of out.Items ?? []) {
      if (courses.length === limit) return { courses, lastKey: keyOf(lastItem!), readCalls, itemsRead };
      lastItem = item;
      courses.push(StoredCourse.parse(item));
    }
    if (!lastKey) return { courses, readCalls, itemsRead };
  }
  return { courses, ...(lastKey ? { lastKey } : {}), readCalls, itemsRead };
}

export class AlreadyEnrolled extends Error {}

/**
 * Enrols once (the course was read published just before). The course's count is added from the
 * CourseEnrolled event (course-enrolments consumer): no item here that every enrolment writes.
 */
export async function createEnrolment(enrolment: StoredEnrolment): Promise<void> {
  try {
    await dynamo().send(new PutCommand({ TableName: TableName(), ...newEnrolmentPut(enrolment) }));
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new AlreadyEnrolled();
    throw error;
  }
}

const ENROLMENT_COUNTED = 'course-enrolment';

/** Adds an enrolment (and a paid one's money) to the course's counts, once per `occurrence` (a redelivery adds nothing). */
export async function countEnrolment(courseId: string, occurrence: string, amountMinor = 0): Promise<boolean> {
  return addOnce(ENROLMENT_COUNTED, occurrence, [enrolmentCountUpdate(courseId, amountMinor)]);
}

/** Whether the course-enrolments consumer has counted this occurrence yet (its once-marker, read consistently). */
export async function isEnrolmentCounted(occurrence: string): Promise<boolean> {
  const out = await dynamo().send(new GetCommand({ TableName: TableName(), Key: countedKey(ENROLMENT_COUNTED, occurrence), ConsistentRead: true }));
  return !!out.Item;
}

export async function getEnrolment(courseId: string, studentId: string): Promise<StoredEnrolment | null> {
  const out = await dynamo().send(new GetCommand({ TableName: TableName(), Key: enrolmentKey(courseId, studentId), ConsistentRead: true }));
  return out.Item ? StoredEnrolment.parse(out.Item) : null;
}

/** Marks a lesson done (a set: marking twice changes nothing). */
export async function addDoneLesson(courseId: string, studentId: string, lessonId: string): Promise<StoredEnrolment> {
  const out = await dynamo().send(new UpdateCommand({
    TableName: TableName(), Key: enrolmentKey(courseId, studentId),
    UpdateExpression: 'ADD doneLessonIds :l', ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':l': new Set([lessonId]) }, ReturnValues: 'ALL_NEW',
  }));
  return StoredEnrolment.parse(out.Attributes);
}

/** Records when the course was completed (the first time only; a later call changes nothing). */
export async function setEnrolmentCompleted(courseId: string, studentId: string, at: string): Promise<void> {
  try {
    await dynamo().send(new UpdateCommand({
      TableName: TableName(), Key: enrolmentKey(courseId, studentId),
      UpdateExpression: 'SET completedAt = :at', ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(completedAt)',
      ExpressionAttributeValues: { ':at': at },
    }));
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** A student's enrolments, newest first, with their courses (one Query, one BatchGet). */
export async function listStudentEnrolments(studentId: string, limit = 50): Promise<Array<{ enrolment: StoredEnrolment; course: StoredCourse }>> {
  const out = await dynamo().send(new QueryCommand({
    TableName: TableName(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :p',
    ExpressionAttributeValues: { ':p': studentCoursesPartition(studentId) }, ScanIndexForward: false, Limit: limit,
  }));
  const enrolments = (out.Items ?? []).map((i) => StoredEnrolment.parse(i));
  if (enrolments.length === 0) return [];
  const courses = new Map((await batchGet(TableName(), enrolments.map((e) => courseKey(e.courseId))))
    .map((i) => StoredCourse.parse(i)).map((c) => [c.id, c]));
  return enrolments.flatMap((enrolment) => {
    const course = courses.get(enrolment.courseId);
    return course ? [{ enrolment, course }] : [];
  });
}

export class LessonGone extends Error {}

/** Rewrites an existing lesson (title, text, file); LessonGone when it was deleted meanwhile. */
export async function replaceLesson(courseId: string, lesson: StoredLesson): Promise<void> {
  try {
    await dynamo().send(new PutCommand({
      TableName: TableName(), Item: lessonItem(courseId, lesson), ConditionExpression: 'attribute_exists(pk)',
    }));
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') throw new LessonGone();
    throw error;
  }
}

/**
 * Deletes a lesson and takes it out of the course's order together, only if the order and the
 * published state read are still the stored ones (OrderChanged otherwise).
 */
export async function removeLesson(course: StoredCourse, lessonId: string): Promise<void> {
  try {
    await transactWrite({
      TransactItems: [
        { Delete: { TableName: TableName(), Key: lessonKey(course.id, lessonId), ConditionExpression: 'attribute_exists(pk)' } },
        {
          Update: {
            TableName: TableName(), Key: courseKey(course.id),
            UpdateExpression: 'SET lessonIds = :ids, updatedAt = :now',
            ConditionExpression: 'lessonIds = :old AND tutorId = :tutor AND isPublished = :published',
            ExpressionAttributeValues: {
              ':ids': course.lessonIds.filter((id) => id !== lessonId), ':old': course.lessonIds, ':now': new Date().toISOString(),
              ':tutor': course.tutorId, ':published': course.isPublished,
            },
          },
        },
      ],
    });
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes[0] === 'ConditionalCheckFailed') throw new LessonGone();
    if (codes[1] === 'ConditionalCheckFailed') throw new OrderChanged();
    throw error;
  }
}
