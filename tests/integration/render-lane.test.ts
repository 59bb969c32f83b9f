/**
 * One render of a record's page at a time, against DynamoDB Local: a change that comes while a
 * render runs is left for it, and it renders again, so the files end as the record stands after the
 * last change (a tutor suspended mid-render is never written back as public); a lease that ran out
 * (its holder died) is taken over.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/api.js';
import { getItem, table } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';
import type { renderInTurn as RenderInTurn } from '../../functions/sitepages/render-lane.js';

let renderInTurn: typeof RenderInTurn;
let INDEX_SETTLE_MS: number;
beforeAll(async () => {
  useStackEnvironment();
  ({ renderInTurn, INDEX_SETTLE_MS } = await import('../../functions/sitepages/render-lane.js'));
});

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('the render lane of a record', () => {
  it('leaves a change made while a render runs to that render, which renders again and reads it', async () => {
    const tutorId = randomUUID();
    let status = 'public';
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    const read: string[] = [];
    const versions: string[] = [];
    const firstChange = new Date().toISOString();
    const first = renderInTurn({ tutorId }, firstChange, async (version) => {
      const seen = status; // what the render read, before its (slow) writes
      versions.push(version);
      if (read.length === 0) await gate;
      read.push(seen);
      return seen;
    });
    await eventually(async () => (await getItem(`TUTOR#${tutorId}`, 'SITEPAGE'))?.leaseOwner);

    status = 'suspended';
    const suspendedAt = new Date().toISOString();
    let secondRan = false;
    expect(await renderInTurn({ tutorId }, suspendedAt, async () => { secondRan = true; return 'second'; })).toBe('queued');
    open();

    expect(await first).toBe('suspended');
    expect(read).toEqual(['public', 'suspended']);
    expect(secondRan).toBe(false);
    expect(versions[0]).toBe(firstChange);
    expect(versions[1]! > firstChange).toBe(true); // the second pass names its own invalidation

    const item = await getItem(`TUTOR#${tutorId}`, 'SITEPAGE');
    expect(item?.leaseOwner).toBeUndefined();
    expect(item?.dirtyAt).toBeUndefined();
    expect(item!.renderedAt as string > suspendedAt).toBe(true);
    // Both changes are read: a late redelivery of either renders nothing.
    expect(await renderInTurn({ tutorId }, suspendedAt, async () => 'again')).toBe('already_newer');
    expect(await renderInTurn({ tutorId }, firstChange, async () => 'again')).toBe('already_newer');
  });

  it('takes over a lane whose holder died once its lease is over, and waits for one still held', async () => {
    const courseId = randomUUID();
    const { doc, name } = table();
    await doc.send(new PutCommand({ TableName: name, Item: { pk: `COURSE#${courseId}`, sk: 'SITEPAGE', entity: 'SitePage', leaseOwner: 'dead', leaseUntil: later(-1_000) } }));
    expect(await renderInTurn({ courseId }, new Date().toISOString(), async () => 'rendered')).toBe('rendered');
    expect((await getItem(`COURSE#${courseId}`, 'SITEPAGE'))?.leaseOwner).toBeUndefined();

    await doc.send(new PutCommand({ TableName: name, Item: { pk: `COURSE#${courseId}`, sk: 'SITEPAGE', entity: 'SitePage', leaseOwner: 'alive', leaseUntil: later(60_000) } }));
    const changedAt = later(1_000);
    expect(await renderInTurn({ courseId }, changedAt, async () => 'rendered')).toBe('queued');
    expect((await getItem(`COURSE#${courseId}`, 'SITEPAGE'))?.dirtyAt).toBe(changedAt);
  });

  it('takes a render of a page read from an index for one that read a change only if it began a settling time after the change', async () => {
    const subjectPage = `/tutors/lane-${randomUUID()}`;
    const changedAt = new Date().toISOString();
    expect(await renderInTurn({ subjectPage }, changedAt, async () => 'first')).toBe('first');
    // Begun just after the change: the index may not have had it yet, so the page is rendered again,
    // once the settling time has passed.
    let readAt = 0;
    expect(await renderInTurn({ subjectPage }, changedAt, async () => { readAt = Date.now(); return 'again'; }, INDEX_SETTLE_MS)).toBe('again');
    expect(readAt).toBeGreaterThanOrEqual(Date.parse(changedAt) + INDEX_SETTLE_MS);
    // Read from the table, the same render counts.
    expect(await renderInTurn({ subjectPage }, changedAt, async () => 'table')).toBe('already_newer');
    const began = Date.parse((await getItem(`SUBJECTPAGE#${subjectPage}`, 'SITEPAGE'))!.renderedAt as string);
    expect(await renderInTurn({ subjectPage }, new Date(began - INDEX_SETTLE_MS).toISOString(), async () => 'late', INDEX_SETTLE_MS)).toBe('already_newer');
    expect(await renderInTurn({ subjectPage }, new Date(began - INDEX_SETTLE_MS + 1).toISOString(), async () => 'late', INDEX_SETTLE_MS)).toBe('late');
  });
});
