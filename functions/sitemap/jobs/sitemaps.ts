/**
 * The sitemaps job (definitions.schedules `sitemaps`): rewrites robots.txt, /sitemap.xml and
 * /sitemaps/*.xml in the web bucket from the public tutors and published courses, so a tutor who
 * stops being public (or a course unpublished) leaves the sitemap on the next run.
 */
import { config } from '../../shared/config.js';
import { scheduledJob } from '../../shared/job.js';
import { rebuildSitemaps } from '../service.js';

export const handler = scheduledJob('sitemaps', async () => rebuildSitemaps(config.appOrigin));
