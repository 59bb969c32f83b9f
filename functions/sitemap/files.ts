/** Names the sitemap job shares with the infrastructure that serves and permits its files. */

/** The web bucket's name, in the environment of the functions holding web:sitemaps only. */
export const WEB_BUCKET_ENV = 'WEB_BUCKET';

/** The web bucket's keys the job writes (and may write: the grant's resources). */
export const SITEMAP_KEYS = ['robots.txt', 'sitemap.xml', 'sitemaps/*'] as const;
