import { bookingsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { closeRescheduleProposal } from '../reschedule-service.js';

export const handler = httpRoute(bookingsRoutes.declineReschedule, async ({ user, params }) =>
  json(200, { booking: await closeRescheduleProposal(user, params.bookingId, 'decline') }));
