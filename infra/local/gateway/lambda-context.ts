/** A Lambda context for handlers invoked in-process by the local gateway and event runner. */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

export function lambdaContext(functionName: string, timeoutMs = 30_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}

type AnyHandler = (event: unknown, context: Context) => Promise<unknown>;
const loaded = new Map<string, Promise<AnyHandler>>();

/** Imports functions/{entry}.ts once and returns its `handler` export. */
export function loadHandler(functionsDir: string, entry: string): Promise<AnyHandler> {
  let pending = loaded.get(entry);
  if (!pending) {
    pending = import(new URL(`${entry}.ts`, `file://${functionsDir}/`).href).then((mod: { handler?: AnyHandler }) => {
      if (typeof mod.handler !== 'function') throw new Error(`functions/${entry}.ts exports no handler`);
      return mod.handler;
    });
    loaded.set(entry, pending);
  }
  return pending;
}
