import { bookingsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myBookings } from '../service.js';

export const handler = httpRoute(bookingsRoutes.listBookings, async ({ user }) => json(200, { bookings: await myBookings(user) }));
