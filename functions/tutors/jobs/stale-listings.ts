/**
 * The stale-listings job (definitions.schedules `stale-listings`): moves the rating order entries
 * of tutors whose rating moved (a review written, edited or hidden) but whose entries were not
 * moved, e.g. the process died after the review's transaction (the sparse LISTINGSTALE index).
 * Safe to run twice or beside a request's own refresh: it only writes what the figures say.
 */
import { scheduledJob } from '../../shared/job.js';
import { refreshStaleListings } from '../listing-service.js';

export const handler = scheduledJob('stale-listings', async () => refreshStaleListings());
