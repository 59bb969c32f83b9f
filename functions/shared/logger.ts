import { Logger } from '@aws-lambda-powertools/logger';

/** One structured JSON logger per container; service name from POWERTOOLS_SERVICE_NAME. */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'alp',
  logLevel: (process.env.POWERTOOLS_LOG_LEVEL as 'INFO' | undefined) ?? 'INFO',
});
