/**
 * X-Ray traces through Powertools Tracer. Each wrapper (httpRoute, eventConsumer, scheduledJob)
 * opens one subsegment per invocation, named and annotated so a trace can be found by route,
 * event or job (and, for HTTP, the caller's role); SDK clients are captured where they are made
 * (aws.ts), outgoing HTTPS calls (e.g. Paystack) by Tracer itself. On AWS, CDK turns on active
 * tracing for every function. Locally Tracer is off (POWERTOOLS_TRACE_ENABLED=false, and it
 * switches itself off outside Lambda): every call here is then a no-op.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';

export const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'alp' });

/** The client, its calls recorded as subsegments (the same client, untouched, when tracing is off). */
export function traceClient<C extends object>(client: C): C {
  return tracer.captureAWSv3Client(client);
}

/** Annotations are indexed: X-Ray can filter traces by them (`annotation.route = "createBooking"`). */
export function annotateTrace(key: string, value: string): void {
  tracer.putAnnotation(key, value);
}

/** Marks the invocation's subsegment as failed, with the error (answered 5xx, batch failure …). */
export function traceError(error: unknown): void {
  tracer.addErrorAsMetadata(error instanceof Error ? error : new Error(String(error)));
}

/**
 * Runs one invocation inside its own subsegment `## {name}`, annotated with ColdStart, Service and
 * the given keys; an error that escapes is recorded on it. Responses are not recorded (they carry
 * personal data).
 */
export async function traceInvocation<T>(name: string, annotations: Record<string, string>, run: () => Promise<T>): Promise<T> {
  if (!tracer.isTracingEnabled()) return run();
  const parent = tracer.getSegment();
  if (!parent) return run();
  const subsegment = parent.addNewSubsegment(`## ${name}`);
  tracer.setSegment(subsegment);
  try {
    tracer.annotateColdStart();
    tracer.addServiceNameAnnotation();
    for (const [key, value] of Object.entries(annotations)) tracer.putAnnotation(key, value);
    return await run();
  } catch (error) {
    traceError(error);
    throw error;
  } finally {
    subsegment.close();
    tracer.setSegment(parent);
  }
}
