/**
 * One render of a record's files at a time. Two renders at once could finish in the wrong order:
 * one that read a tutor just before their suspension would write the page back after the other
 * wrote the 410 marker, and the page would stay public. So a render holds the record's lane (a
 * lease as long as a consumer may run); a change that comes meanwhile marks the lane dirty and
 * returns, and the holder renders again before it lets go: a burst of changes costs at most two
 * renders, and the last one read the record after the last change.
 *
 * A holder that dies keeps the lane until its lease ends; its own event is delivered again after
 * the queue's visibility timeout (six times the consumer's), by then the lease is over.
 */
import { randomUUID } from 'node:crypto';
import { claimRenderLane, finishRender, lastRenderedAt, markRenderDirty, type RenderedRecord } from './repository.js';

/** Longer than a consumer may run (30 s), shorter than the queue's visibility timeout (180 s). */
export const RENDER_LEASE_MS = 60_000;

/**
 * How long after a change a render must have begun to count as one that read it, for records read
 * from an index: a global secondary index follows the table asynchronously (usually well under a
 * second), so a render that began just after the change may have read the index without it.
 */
export const INDEX_SETTLE_MS = 2_000;

/**
 * Runs `render` for a change made at `changedAt` unless a render that began reading after it has
 * finished ('already_newer') or one running now will render again for it ('queued').
 * `render(version)`: `version` names the CDN invalidation, the change's time on the first pass.
 * `settleMs`: how long after the change a render must have begun to count ({@link INDEX_SETTLE_MS});
 * each pass of this one waits until then before it reads.
 */
export async function renderInTurn<Outcome>(
  record: RenderedRecord,
  changedAt: string,
  render: (version: string) => Promise<Outcome>,
  settleMs = 0,
): Promise<Outcome | 'already_newer' | 'queued'> {
  const last = await lastRenderedAt(record);
  const readAfter = settleMs ? new Date(Date.parse(changedAt) + settleMs).toISOString() : changedAt;
  if (last && last >= readAfter) return 'already_newer';
  const owner = randomUUID();
  // Between a refused claim and the dirty mark the holder may have let go: then claim again.
  while (!(await claimRenderLane(record, owner, new Date(), RENDER_LEASE_MS))) {
    if (await markRenderDirty(record, changedAt, new Date())) return 'queued';
  }
  // Read from an index, a pass begins a settling time after the change(s) it must show.
  let changed = Date.parse(changedAt);
  for (let version = changedAt; ; version = new Date().toISOString()) {
    const wait = changed + settleMs - Date.now();
    if (settleMs && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const readingFrom = new Date().toISOString();
    const outcome = await render(version);
    if (await finishRender(record, owner, readingFrom, new Date(), RENDER_LEASE_MS) !== 'dirty') return outcome;
    // A change marked it dirty meanwhile, announced before now.
    changed = Date.now();
  }
}
