/**
 * The consumers whose writes meet on shared items (the ledger's platform balances, the counters)
 * read their queue with a bounded number of batches at once: the SQS event source's maximum
 * concurrency, from the definitions.
 */
import { App } from 'aws-cdk-lib';
import { CfnEventSourceMapping } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { eventConsumers } from '../../infra/aws/definitions.js';
import { AlpStack } from '../../infra/aws/stack.js';

const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new AlpStack(app, 'alp-concurrency', { stage: 'concurrency', webDistPath: '/nonexistent' });

const mappingOf = (name: string) =>
  stack.events.consumers[name]!.function.node.findAll().find((c): c is CfnEventSourceMapping => c instanceof CfnEventSourceMapping)!;

describe('queue pollers with a maximum concurrency', () => {
  it('the ledger, platform-stats and course-enrolments consumers take at most 5 batches at once', () => {
    for (const name of ['ledger', 'platform-stats', 'course-enrolments']) {
      expect(eventConsumers.find((c) => c.name === name)?.maxConcurrency, name).toBe(5);
      expect(mappingOf(name).scalingConfig, name).toEqual({ maximumConcurrency: 5 });
    }
  });
});
