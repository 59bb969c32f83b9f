/**
 * Export and deletion requests → the jobs that answer them (service.ts). Delivery is at least
 * once: each job is safe to run again (the export rewrites the same archive; a deletion finds
 * what is left, and after it finished, nothing).
 */
import { eventsConsumer } from '../../shared/consumer.js';
import { runAccountDeletion, runExport, runLearnerDeletion } from '../service.js';

export const handler = eventsConsumer({
  PrivacyExportRequested: async (detail) => runExport(detail.userId, detail.requestedAt),
  PrivacyDeletionRequested: async (detail) => {
    if (detail.target === 'learner' && detail.learnerId) await runLearnerDeletion(detail.userId, detail.learnerId);
    else if (detail.target === 'account') await runAccountDeletion(detail.userId);
  },
});
