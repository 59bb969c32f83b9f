/**
 * TutorProfileChanged (suspended) → each of the tutor's weekly plans ends with the cause
 * tutor_stopped: every paid lesson to come refunded in full, the unpaid holds released, no later
 * instalment payable (docs/decisions/2026-11-30-tutor-stops-teaching.md). A repeated delivery
 * finishes what is left and refunds nothing twice (end-service.ts).
 */
import { eventConsumer } from '../../shared/consumer.js';
import { endStoppedTutorPlans } from '../end-service.js';

export const handler = eventConsumer('TutorProfileChanged', async (detail) => {
  if (detail.change === 'suspended') await endStoppedTutorPlans(detail.tutorId);
});
