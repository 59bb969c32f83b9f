/**
 * Property-based fuzzing of the whole API from its own OpenAPI document (GET /api/openapi.json)
 * with schemathesis (pinned in infra/local/ensure-deps.sh, installed into .venv). Every route is
 * called with generated valid and invalid input, as a caller it admits (a student, a tutor, a
 * super admin; public routes without a token), and must never answer 5xx nor anything its
 * documented schema does not describe.
 *
 * Generated ids rarely name a real record, so real ones (a verified tutor, a booking, a payment
 * reference, a KYC document, a slot …) are offered half of the time through schemathesis
 * dictionaries: the fuzzer then reaches the rules behind the 404s.
 *
 * Paystack's webhook: a hook (SIGN_WEBHOOKS) signs three of four generated bodies with the local
 * sandbox's key, as Paystack would, so the fuzzer reaches the payment rules behind the signature;
 * the fourth keeps its generated signature and must get the documented 401.
 *
 * Exclusions: none. Profile edits run as the bookable tutor, so generated rates, notice and zones
 * reach the booking and payment routes too.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeList, type RouteDef, type RouteName } from '../../functions/routes.js';
import { LOCAL_PAYSTACK_SECRET_KEY } from '../../infra/local/sandboxes/secrets.js';
import { api, baseUrl, createUser, signInDemoAdmin, type TestUser } from '../support/api.js';
import { book, bookableTutor, establishedAccount, freeStarts } from '../support/fixtures.js';
import { PNG, postUpload, type Ticket } from '../support/uploads.js';

const SCHEMATHESIS = join(process.cwd(), '.venv', 'bin', 'schemathesis');
/**
 * Per operation; small enough for a few minutes on 2 cores, with a fixed seed so a failure
 * replays. ALP_FUZZ_EXAMPLES and ALP_FUZZ_SEED explore further by hand.
 */
const MAX_EXAMPLES = Number(process.env.ALP_FUZZ_EXAMPLES ?? 10);
const SEED = Number(process.env.ALP_FUZZ_SEED ?? 8);

type Caller = 'student' | 'tutor' | 'admin';

/** Who calls each non-public route: one of the roles it admits (profile edits as a tutor, who may send every field). */
function callerOf(route: RouteDef & { name: RouteName }): Caller | null {
  if (route.access === 'public') return null;
  if (route.name === 'updateMyProfile') return 'tutor';
  if (route.access === 'signed-in') return 'student';
  if (route.access.includes('super_admin')) return 'admin';
  return route.access.includes('tutor') ? 'tutor' : 'student';
}

/** Real values, offered with this probability in place of generated ones. */
const REAL_VALUE_PROBABILITY = 0.5;
const realValues: Partial<Record<RouteName, Record<string, string>>> = {
  getTutor: { 'path.tutorId': 'tutorIds' },
  getTutorSlots: { 'path.tutorId': 'tutorIds' },
  getBooking: { 'path.bookingId': 'bookingIds' },
  getLiveSession: { 'path.bookingId': 'bookingIds' },
  createLiveSession: { 'path.bookingId': 'bookingIds' },
  joinLiveSession: { 'path.bookingId': 'bookingIds' },
  endLiveSession: { 'path.bookingId': 'bookingIds' },
  createBooking: { 'body.tutorId': 'tutorIds', 'body.start': 'starts', 'body.subject': 'subjects' },
  initializePayment: { 'body.bookingId': 'bookingIds' },
  verifyPayment: { 'body.reference': 'references' },
  deleteMyAvailability: { 'path.slotId': 'slotIds' },
  registerKycDocument: { 'body.key': 'kycKeys' },
  setProfilePhoto: { 'body.key': 'photoKeys' },
  reviewKycDocument: { 'path.documentId': 'documentIds' },
  getKycDocumentFile: { 'path.documentId': 'documentIds' },
  grantSuperAdmin: { 'path.userId': 'userIds' },
  browseTutors: { 'query.subject': 'subjects' },
  paystackWebhook: {
    'body.event': 'webhookEvents', 'body.data.reference': 'references', 'body.data.status': 'paystackStatuses',
    'body.data.currency': 'currencies',
  },
};

/**
 * Schemathesis hook: sends the webhook's generated body as exact bytes and signs them
 * (HMAC-SHA512, x-paystack-signature), except one body in four.
 */
const SIGN_WEBHOOKS = `
import hashlib, hmac, json, os
import schemathesis

SECRET = os.environ["ALP_FUZZ_PAYSTACK_SECRET"].encode()

@schemathesis.hook
def before_call(ctx, case, **kwargs):
    if case.operation.definition.raw.get("operationId") != "paystackWebhook" or isinstance(case.body, bytes):
        return
    try:
        raw = json.dumps(case.body).encode("utf-8")
    except TypeError:  # no body at all (schemathesis' NotSet)
        return
    case.body = raw
    if hashlib.sha256(raw).digest()[0] % 4:
        case.headers = {**(case.headers or {}), "x-paystack-signature": hmac.new(SECRET, raw, hashlib.sha512).hexdigest()}
`;

const toml = (value: unknown) => JSON.stringify(value);

function config(tokens: Record<Caller, string>, dictionaries: Record<string, string[]>): string {
  const lines: string[] = [];
  for (const [name, values] of Object.entries(dictionaries)) lines.push(`[dictionaries.${name}]`, `values = ${toml(values)}`, '');
  for (const route of routeList) {
    const caller = callerOf(route);
    const bindings = Object.entries(realValues[route.name] ?? {});
    if (!caller && !bindings.length) continue;
    lines.push('[[operations]]', `include-operation-id = ${toml(route.name)}`);
    if (caller) lines.push(`headers = { Authorization = ${toml(`Bearer ${tokens[caller]}`)} }`);
    if (bindings.length) {
      const params = bindings.map(([key, dictionary]) => `${toml(key)} = { dictionary = ${toml(dictionary)}, probability = ${REAL_VALUE_PROBABILITY} }`);
      lines.push(`parameters = { ${params.join(', ')} }`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

function run(args: string[], cwd: string): Promise<{ code: number; output: string }> {
  const env = {
    ...process.env, NO_COLOR: '1', SCHEMATHESIS_HOOKS: 'sign_webhooks', PYTHONPATH: cwd,
    ALP_FUZZ_PAYSTACK_SECRET: LOCAL_PAYSTACK_SECRET_KEY,
  };
  return new Promise((resolve) => {
    execFile(SCHEMATHESIS, args, { cwd, maxBuffer: 64 * 1024 * 1024, env }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

/** The errors, failures and summary, with the (long) reproduction lines cut. */
const report = (output: string) => output
  .slice(Math.max(0, output.search(/={5,} (ERRORS|FAILURES) =/)))
  .split('\n').map((line) => (line.length > 400 ? `${line.slice(0, 400)} …` : line)).slice(0, 300).join('\n');

describe('API fuzzing (schemathesis over GET /api/openapi.json)', () => {
  let dir: string;
  let student: TestUser;
  let tutor: TestUser;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'alp-fuzz-'));
    // Established: a new account's small daily AI allowance would end the fuzzing of the AI routes early.
    student = await establishedAccount(await createUser('student'));
    tutor = await bookableTutor();
    // Super admins need their second factor for admin routes.
    const admin = await signInDemoAdmin();

    const starts = await freeStarts(tutor.userId);
    const booked = await book(student, tutor.userId, starts[0]!);
    const bookingId = (booked.body as { booking: { id: string } }).booking.id;
    const payment = await api<{ reference: string }>('/api/payments/initialize', {
      method: 'POST', token: student.accessToken, body: { bookingId },
    });
    const slots = await api<{ slots: Array<{ id: string }> }>('/api/me/availability', { token: tutor.accessToken });
    const kycDocs = await api<{ documents: Array<{ id: string }> }>('/api/kyc/documents', { token: tutor.accessToken });
    const upload = async (path: string, token: string) => {
      const ticket = (await api<Ticket>(path, {
        method: 'POST', token, body: { fileName: 'file.png', contentType: 'image/png', size: PNG.length },
      })).body;
      await postUpload(ticket, new Uint8Array(PNG), 'image/png');
      return ticket.key;
    };

    const dictionaries = {
      tutorIds: [tutor.userId],
      userIds: [student.userId],
      bookingIds: [bookingId],
      references: [payment.body.reference],
      starts: starts.slice(1, 20),
      subjects: ['Mathematics', 'Physics'],
      webhookEvents: ['charge.success'],
      paystackStatuses: ['success', 'failed'],
      currencies: ['KES'],
      slotIds: slots.body.slots.map((s) => s.id),
      documentIds: kycDocs.body.documents.map((d) => d.id),
      kycKeys: [await upload('/api/kyc/uploads', tutor.accessToken)],
      photoKeys: [await upload('/api/me/profile-photo/upload', student.accessToken)],
    };
    for (const [name, values] of Object.entries(dictionaries)) {
      if (!values.length || values.some((v) => !v)) throw new Error(`fixture for ${name} missing: ${JSON.stringify(values)}`);
    }
    writeFileSync(join(dir, 'sign_webhooks.py'), SIGN_WEBHOOKS);
    writeFileSync(join(dir, 'schemathesis.toml'), config(
      { student: student.accessToken, tutor: tutor.accessToken, admin: admin.accessToken },
      dictionaries,
    ));
  });

  afterAll(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

  it('finds no 5xx and no answer outside the documented schemas', async () => {
    const { code, output } = await run([
      '--no-color', '--config-file', join(dir, 'schemathesis.toml'),
      'run', `${baseUrl()}/api/openapi.json`, '--url', baseUrl(),
      '--checks', 'not_a_server_error,response_schema_conformance',
      '--max-examples', String(MAX_EXAMPLES), '--seed', String(SEED), '--generation-database', 'none',
      '--generation-with-security-parameters', 'false',
      '--workers', '1', '--request-timeout', '30', '--output-truncate', 'true',
    ], dir);
    expect(output).toMatch(/Tested: \d+/);
    // Schemathesis closes with a pytest-style banner ("=== 2 warnings in 34s ===") that CI's reader
    // would take for a pytest run that executed no test; the figures are kept, the banners dropped.
    console.log(output.slice(output.indexOf('SUMMARY')).split('\n').filter((line) => !/=====/.test(line)).join('\n').trim());
    expect(code, report(output)).toBe(0);
  }, 600_000);
});
