/**
 * What a tutor's figures cost to keep: a fresh DynamoDB Local holding 30 listed tutors (two subjects,
 * two levels each, as sign-up and the profile editor list them), then, for one of them, 20 completed
 * lessons (the LessonCompleted consumer's work, 5 distinct students) and 5 reviews (the review's
 * transaction and what follows it), and a first browse page of 12. Reports per operation the
 * DynamoDB calls, items written and write/read units (ReturnConsumedCapacity TOTAL).
 * Run: npm run bench -- lesson-writes
 */
import { startDynamoDbLocal, startMoto } from '../../infra/local/emulators/emulator.js';
import { handlerEnvironment, provision } from '../../infra/local/emulators/provision.js';
import { loadSettings } from '../../infra/local/settings.js';

const TUTORS = 30;
const LESSONS = 20;
const STUDENTS = 5;
const REVIEWS = 5;

interface Counts { calls: number; itemsWritten: number; writeUnits: number; readUnits: number }
const zero = (): Counts => ({ calls: 0, itemsWritten: 0, writeUnits: 0, readUnits: 0 });

/** The DynamoDB client's own command names (the document client's middleware sees those). */
const WRITES = new Set(['PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'BatchWriteItemCommand', 'TransactWriteItemsCommand']);

export async function benchLessonWrites(): Promise<string> {
  // The caller's own test ports when set (each engineer's are theirs alone), else fixed ones.
  const emulatorPort = Number(process.env.ALP_TEST_EMULATOR_PORT ?? 4596) + 1;
  const dynamodbPort = Number(process.env.ALP_TEST_DYNAMODB_PORT ?? 8596) + 1;
  const settings = {
    ...loadSettings({
      ...process.env, ALP_STAGE: 'bench',
      AWS_ENDPOINT_URL: `http://127.0.0.1:${emulatorPort}`, AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${dynamodbPort}`,
    }),
    seed: false,
  };
  const emulator = await startMoto(settings.endpoint, true, true);
  const dynamodb = await startDynamoDbLocal(settings.dynamodbEndpoint, true, true);
  try {
    const resources = await provision(settings);
    Object.assign(process.env, handlerEnvironment(resources, settings));
    const { profileItem } = await import('../../functions/profiles/keys.js');
    const { batchWrite } = await import('../../functions/shared/batch.js');
    const { dynamo } = await import('../../functions/shared/aws/dynamo.js');
    const { reindexTutorListing, refreshRatingOrder, browseTutors } = await import('../../functions/tutors/listing-service.js');
    const { recordLessonTaught } = await import('../../functions/tutors/service.js');
    const { putReview } = await import('../../functions/reviews/repository.js');

    const tutorIds: string[] = [];
    for (let i = 0; i < TUTORS; i++) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      tutorIds.push(id);
      const profile = {
        id, role: 'tutor' as const, accountType: 'tutor' as const, firstName: `Bench${i}`, lastName: 'Tutor',
        email: `t${i}@bench.test`, country: 'Kenya', timeZone: 'Africa/Nairobi',
        preferredSubjects: ['Mathematics'], expertise: ['Physics'], specializations: [], certifications: [],
        levels: ['secondary' as const, 'university' as const], hourlyRate: 1500, kycStatus: 'approved' as const,
        // A card as tutors fill it in: a photo and a first line of the bio (the card's headline).
        profilePhotoUrl: `https://cdn.example.test/photos/${id}/0123456789abcdef.webp`,
        bio: 'Secondary and university Mathematics and Physics, KCSE and IGCSE exam preparation, patient and structured lessons.\nMore…',
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      };
      // Every other tutor has taught and been rated already (a browse page reads their figures).
      const figures = { pk: `TUTOR#${id}`, sk: 'FIGURES', ratingSum: 9, ratingCount: 2, lessonsTaught: 12, studentsTaught: 4, listingVersion: 2 };
      await batchWrite(resources.tableName, [{ PutRequest: { Item: profileItem(profile) } }, ...(i > 0 ? [{ PutRequest: { Item: figures } }] : [])]);
      await reindexTutorListing(id);
    }
    const tutorId = tutorIds[0]!;
    const entries = await dynamo().send(new (await import('@aws-sdk/lib-dynamodb')).QueryCommand({
      TableName: resources.tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `TUTOR#${tutorId}` },
      Select: 'COUNT',
    }));

    // Count every DynamoDB call from here on, with what it wrote and the capacity it consumed.
    let counts = zero();
    dynamo().middlewareStack.add((next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity = 'TOTAL';
      counts.calls += 1; // a refused conditional write throws: counted, its units are not reported
      const out = await next(args);
      const output = out.output as { ConsumedCapacity?: { CapacityUnits?: number } | Array<{ CapacityUnits?: number }> };
      const command = (context as { commandName?: string }).commandName ?? '';
      const write = WRITES.has(command);
      if (command === 'BatchWriteItemCommand') {
        counts.itemsWritten += Object.values(input.RequestItems as Record<string, unknown[]>).reduce((n, r) => n + r.length, 0);
      } else if (command === 'TransactWriteItemsCommand') {
        counts.itemsWritten += (input.TransactItems as unknown[]).length;
      } else if (write) counts.itemsWritten += 1;
      for (const c of [output.ConsumedCapacity ?? []].flat()) {
        if (write) counts.writeUnits += c.CapacityUnits ?? 0;
        else counts.readUnits += c.CapacityUnits ?? 0;
      }
      return out;
    }, { step: 'initialize', name: 'benchCapacity' });

    const measure = async (times: number, work: (i: number) => Promise<unknown>) => {
      const all = zero();
      let maxWrite = 0;
      for (let i = 0; i < times; i++) {
        counts = zero();
        await work(i);
        all.calls += counts.calls; all.itemsWritten += counts.itemsWritten;
        all.writeUnits += counts.writeUnits; all.readUnits += counts.readUnits;
        maxWrite = Math.max(maxWrite, counts.writeUnits);
      }
      return { calls: all.calls / times, itemsWritten: all.itemsWritten / times, writeUnits: all.writeUnits / times, readUnits: all.readUnits / times, maxWrite };
    };
    const row = (name: string, m: Awaited<ReturnType<typeof measure>>) =>
      `| ${name} | ${m.calls.toFixed(1)} | ${m.itemsWritten.toFixed(1)} | ${m.writeUnits.toFixed(1)} | ${m.maxWrite.toFixed(1)} | ${m.readUnits.toFixed(1)} |`;

    const lessons = await measure(LESSONS, (i) => recordLessonTaught({
      tutorId, bookingId: `bench-booking-${i}`, studentId: `bench-student-${i % STUDENTS}`, occurredAt: new Date().toISOString(),
    }));
    const reviews = await measure(REVIEWS, async (i) => {
      await putReview({
        bookingId: `bench-booking-${i}`, tutorId, studentId: `bench-student-${i % STUDENTS}`, studentName: 'Bench S.',
        subject: 'Mathematics', rating: 3 + (i % 3), createdAt: new Date().toISOString(),
      });
      await refreshRatingOrder(tutorId); // what the review service does after its transaction
    });
    const browse = await measure(5, () => browseTutors({}));
    return [
      `One tutor of ${TUTORS} (two subjects, two levels: ${entries.Count} items in their partition before the lessons), against DynamoDB Local; averages per operation:`,
      '',
      '| Operation | DynamoDB calls | Items written | Write units | Write units (max) | Read units |',
      '|---|---:|---:|---:|---:|---:|',
      row(`completed lesson (${LESSONS}, ${STUDENTS} students)`, lessons),
      row(`review written (${REVIEWS})`, reviews),
      row('browse, first page of 12', browse),
    ].join('\n');
  } finally {
    await Promise.all([emulator.stop(), dynamodb.stop()]);
  }
}
