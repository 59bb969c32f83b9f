/**
 * Browse/search at scale: loads 10,000 tutors (profiles + search index, exactly as the
 * repositories store them) into a fresh DynamoDB Local, then reports per request the DynamoDB calls,
 * items read and server time (p50/p95) of the browse service, and DynamoDB Local's memory after it.
 * Run: npm run bench -- browse   (TUTORS=… to change the count)
 */
import { performance } from 'node:perf_hooks';
import { residentMegabytes, startDynamoDbLocal, startMoto } from '../../infra/local/emulators/emulator.js';
import { handlerEnvironment, provision } from '../../infra/local/emulators/provision.js';
import { loadSettings } from '../../infra/local/settings.js';

const COUNT = Number(process.env.TUTORS ?? 10_000);
// DynamoDB Local has real indexes (moto walked the whole table per Query), so runs are cheap.
const RUNS = 50;

const FIRST = ['Grace', 'Brian', 'Faith', 'Kevin', 'Mercy', 'Samuel', 'Aisha', 'Peter', 'Lucy', 'Daniel', 'Esther', 'Joseph',
  'Neema', 'Ibrahim', 'Wairimu', 'Collins', 'Halima', 'Victor', 'Janet', 'Moses', 'Chiamaka', 'Tunde', 'Kwame', 'Amani'];
const LAST = ['Wanjiru', 'Otieno', 'Achieng', 'Kiprop', 'Njeri', 'Mutua', 'Mohamed', 'Kamau', 'Wambui', 'Omondi', 'Chebet',
  'Mwangi', 'Moraa', 'Hassan', 'Gathoni', 'Barasa', 'Abdi', 'Kibet', 'Akinyi', 'Ndirangu', 'Okafor', 'Adeyemi', 'Mensah', 'Juma'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function benchBrowse(): Promise<string> {
  const settings = {
    ...loadSettings({
      ...process.env, ALP_STAGE: 'bench',
      AWS_ENDPOINT_URL: 'http://127.0.0.1:4599', AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8599',
    }),
    seed: false,
  };
  const emulator = await startMoto(settings.endpoint, true, true);
  const dynamodb = await startDynamoDbLocal(settings.dynamodbEndpoint, true, true);
  try {
    const resources = await provision(settings);
    Object.assign(process.env, handlerEnvironment(resources, settings));
    const { TUTOR_SUBJECTS, LEVELS } = await import('../../functions/tutors/catalog.js');
    const { listingEntries } = await import('../../functions/tutors/listing.js');
    const { listingItems } = await import('../../functions/tutors/keys.js');
    const { profileItem } = await import('../../functions/profiles/keys.js');
    const { findItems } = await import('../../functions/profiles/user-search.js');
    const { batchWrite } = await import('../../functions/shared/batch.js');
    const { browseTutors } = await import('../../functions/tutors/listing-service.js');

    // Deterministic pseudo-random tutors: 1–3 subjects, 1–2 levels, rates 500–5000.
    let seed = 42;
    // LCG; use the high bits, the low ones of an LCG repeat with a short period.
    const rand = (n: number) => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return (seed >>> 12) % n; };
    const loadStart = performance.now();
    let items = 0;
    let batch: Array<{ PutRequest: { Item: Record<string, unknown> } }> = [];
    for (let i = 0; i < COUNT; i++) {
      const subjects = [...new Set(Array.from({ length: 1 + rand(3) }, () => TUTOR_SUBJECTS[rand(TUTOR_SUBJECTS.length)]!))];
      const levels = [...new Set(Array.from({ length: 1 + rand(2) }, () => LEVELS[rand(LEVELS.length)]!))];
      const profile = {
        id: `bench-${i}`, role: 'tutor' as const, accountType: 'tutor' as const,
        firstName: FIRST[rand(FIRST.length)]!, lastName: `${LAST[rand(LAST.length)]!}${i % 97 === 0 ? ' Zawadi' : ''}`,
        email: `t${i}@bench.test`, country: 'Kenya', timeZone: 'Africa/Nairobi', expertise: subjects.slice(1),
        specializations: [], preferredSubjects: subjects.slice(0, 1), certifications: [], levels,
        hourlyRate: 500 + rand(10) * 500, kycStatus: rand(4) === 0 ? 'pending' as const : 'approved' as const,
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      };
      batch.push({ PutRequest: { Item: profileItem(profile) } });
      for (const item of findItems(profile)) batch.push({ PutRequest: { Item: item } }); // as sign-up writes them
      for (const item of listingItems(profile.id, listingEntries(profile)).values()) batch.push({ PutRequest: { Item: item } });
      if (batch.length >= 500) { items += batch.length; await batchWrite(resources.tableName, batch); batch = []; }
      if (i % 1000 === 999) process.stderr.write(`  loaded ${i + 1} tutors (${items} items) in ${((performance.now() - loadStart) / 1000).toFixed(0)} s\n`);
    }
    items += batch.length;
    await batchWrite(resources.tableName, batch);
    const loadSeconds = (performance.now() - loadStart) / 1000;

    const cases: Array<[string, Parameters<typeof browseTutors>[0]]> = [
      ['all tutors, first page', {}],
      ['subject = Mathematics', { subject: 'Mathematics' }],
      ['subject = Physics, level = university', { subject: 'Physics', level: 'university' }],
      ['q = "grace" (common first name)', { q: 'grace' }],
      ['q = "zawadi" (rare surname)', { q: 'zawadi' }],
      ['q = "chem", level = secondary', { q: 'chem', level: 'secondary' }],
      ['q = "kiswahili", subject = Kiswahili', { q: 'kiswahili', subject: 'Kiswahili' }],
    ];
    const rows: string[] = [];
    for (const [name, query] of cases) {
      const times: number[] = [];
      let result = await browseTutors(query);
      for (let r = 0; r < RUNS; r++) {
        const t0 = performance.now();
        result = await browseTutors(query);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      rows.push(`| ${name} | ${result.tutors.length} | ${result.nextCursor ? 'yes' : 'no'} | ${result.readCalls} | ${result.itemsRead} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} |`);
    }
    return [
      `Browse at ${COUNT.toLocaleString('en')} tutors (${items.toLocaleString('en')} items incl. index; loaded in ${loadSeconds.toFixed(0)} s), ${RUNS} runs each, page size 12, against DynamoDB Local:`,
      '',
      '| Request | Results | More | DynamoDB calls | Items read | p50 ms | p95 ms |',
      '|---|---|---|---|---|---|---|',
      ...rows,
      '',
      `DynamoDB Local's resident memory after the benchmark: ${residentMegabytes(dynamodb.child?.pid) ?? '?'} MB.`,
    ].join('\n');
  } finally {
    await Promise.all([emulator.stop(), dynamodb.stop()]);
  }
}
