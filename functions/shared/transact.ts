/**
 * TransactWriteItems that survives contention. DynamoDB cancels a transaction that touches an
 * item another transaction is writing at the same moment (reason TransactionConflict), and the
 * SDK does not retry that. Our transactions share hot items (the platform counters, a document
 * registered twice at once), so concurrent sign-ups, payments or registrations would fail for no
 * reason of their own. A cancelled transaction wrote nothing, so it is tried again with jitter;
 * any other cancellation (a condition that failed) is the caller's to interpret.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './aws/dynamo.js';

// At least eight tries (about 2 s), and more while under 6 s have passed: six registrations of
// one file at once on a loaded machine (other tests writing the same counters) exhausted five
// tries. (Later 500s in that test came from the file check racing the first registration's
// delete: inspectUpload, uploads/storage.ts.) A conflict only ever means "try again".
const ATTEMPTS = 8;
const PATIENCE_MS = 6_000;

export const cancellationCodes = (error: unknown): Array<string | undefined> =>
  ((error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []).map((r) => r.Code);

/** Only conflicts with other transactions (no condition failed): worth another try. */
export function isOnlyConflict(error: unknown): boolean {
  if ((error as Error).name !== 'TransactionCanceledException') return false;
  const codes = cancellationCodes(error).filter((c) => c && c !== 'None');
  return codes.length > 0 && codes.every((c) => c === 'TransactionConflict');
}

export async function transactWrite(input: TransactWriteCommandInput, attempts = ATTEMPTS, patienceMs = PATIENCE_MS): Promise<void> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo().send(new TransactWriteCommand(input));
      return;
    } catch (error) {
      if (!isOnlyConflict(error) || (attempt >= attempts && Date.now() - started >= patienceMs)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(15 * 2 ** attempt, 480) * (0.5 + Math.random())));
    }
  }
}
