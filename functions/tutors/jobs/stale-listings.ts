/**
 * The stale-listings job (definitions.schedules `stale-listings`): rebuilds the browse entries of
 * tutors whose rating moved (a review written, edited or hidden) but whose entries were not
 * rebuilt, e.g. the process died after the review's transaction (the sparse LISTINGSTALE index).
 * Safe to run twice or beside a request's own rebuild: a rebuild only writes what the figures say.
 */
import { scheduledJob } from '../../shared/job.js';
import { refreshStaleListings } from '../listing-service.js';

export const handler = scheduledJob('stale-listings', async () => refreshStaleListings());
