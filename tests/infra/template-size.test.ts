/**
 * CloudFormation refuses a template of more than 500 resources (TooManyResourcesInStack). The app
 * is a parent stack plus nested stacks (routes per domain, consumers and jobs: docs/architecture.md);
 * every template must stay well under the limit today AND after the route table and the consumer
 * and job lists grow, without an infra edit.
 */
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { routeList, type RouteDef, type RouteName } from '../../functions/routes.js';
import { eventConsumers, schedules, type EventConsumer, type ScheduledJob } from '../../infra/aws/definitions.js';
import { AlpStack } from '../../infra/aws/stack.js';
import { heartbeatJob } from './fixtures/jobs.js';
import { templatesOf } from './fixtures/templates.js';

/** Ours, below CloudFormation's 500: room for a release's worth of additions to one template. */
const MAX_RESOURCES = 400;
const EXTRA_ROUTES = 40;
const EXTRA_CONSUMERS = 8;
const EXTRA_JOBS = 4;

function resourceCounts(extra: { routes: number; consumers: number; jobs: number }): Map<string, number> {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  // Extra entries reuse existing handlers (the function construct checks the entry exists), spread over the domains.
  // Without their query parameters: all extras share the /api/extra segment, and their documented
  // parameters together would exceed one cache policy's 10 (infra/aws/api-cache-keys.ts), which a
  // real route avoids by its own segment. The extras must grow routes, not cache behaviours.
  const routes = [...routeList, ...Array.from({ length: extra.routes }, (_, i): RouteDef & { name: RouteName } => {
    const { query: _query, ...route } = routeList[(i * 7) % routeList.length]!;
    return { ...route, name: `extraRoute${i}` as RouteName, path: `/api/extra/${i}` };
  })];
  const consumers = [...eventConsumers, ...Array.from({ length: extra.consumers }, (_, i): EventConsumer => ({
    ...eventConsumers[i % eventConsumers.length]!, name: `extra-consumer-${i}`,
  }))];
  const jobs = [...schedules, heartbeatJob, ...Array.from({ length: extra.jobs }, (_, i): ScheduledJob => ({ ...heartbeatJob, name: `extra-job-${i}` }))];
  const stack = new AlpStack(app, 'alp-size', { stage: 'size', webDistPath: '/nonexistent', routes, eventConsumers: consumers, schedules: jobs });
  app.synth();
  return new Map([...templatesOf(stack)].map(([path, template]) => [path, Object.keys(template.toJSON().Resources as object).length]));
}

describe('template sizes', () => {
  const today = resourceCounts({ routes: 0, consumers: 0, jobs: 0 });
  const grown = resourceCounts({ routes: EXTRA_ROUTES, consumers: EXTRA_CONSUMERS, jobs: EXTRA_JOBS });

  it(`every template (parent and nested) has fewer than ${MAX_RESOURCES} resources`, () => {
    for (const [path, count] of today) expect(count, path).toBeLessThan(MAX_RESOURCES);
  });

  it(`still so with ${EXTRA_ROUTES} more routes, ${EXTRA_CONSUMERS} more consumers and ${EXTRA_JOBS} more jobs`, () => {
    for (const [path, count] of grown) expect(count, path).toBeLessThan(MAX_RESOURCES);
  });

  it('the parent template does not grow with routes, consumers or jobs (they land in nested stacks)', () => {
    expect(grown.get('alp-size')).toBe(today.get('alp-size'));
  });

  it('puts each domain\'s routes in its own nested stack', () => {
    const domains = new Set(routeList.map((r) => r.handler.split('/')[0]));
    expect([...today.keys()].filter((path) => /^alp-size\/Api\/Routes-[^/]+$/.test(path)).sort())
      .toEqual([...domains].map((d) => `alp-size/Api/Routes-${d}`).sort());
  });
});
