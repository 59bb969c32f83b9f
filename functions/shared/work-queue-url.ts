/** The environment variable that holds a work queue's URL (set by CDK on the jobs that send to it, and by infra/local). */
export const workQueueUrlVariable = (queue: string) => `WORK_QUEUE_URL_${queue.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
