/**
 * A lesson held (LessonCompleted) joins its learner's history at once, so the Lessons page lists
 * it before any report ("No report yet") and a student no-show as missed. Its report's approval
 * writes the same item; whichever comes second only fills what is missing (repository.putHeldLesson),
 * so a redelivery or either order leaves one item. Imports the booking service and its own
 * repository only: the bundle stays small.
 */
import { getBooking } from '../../bookings/service.js';
import { eventsConsumer } from '../../shared/consumer.js';
import { historyOwnerOf } from '../history-owner.js';
import { putHeldLesson } from '../repository.js';

export const handler = eventsConsumer({
  LessonCompleted: async (detail) => {
    // Only the booking says whose learner it was (a child's lesson is paid by the parent).
    const booking = await getBooking(detail.bookingId);
    if (!booking) return;
    await putHeldLesson({
      bookingId: detail.bookingId, ownerId: historyOwnerOf(booking), subject: detail.subject, scheduledAt: detail.scheduledAt,
      durationMinutes: detail.durationMinutes, tutorId: detail.tutorId, ...(detail.reason === 'student_no_show' ? { missed: true } : {}),
    });
  },
});
