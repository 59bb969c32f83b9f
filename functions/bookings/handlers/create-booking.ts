import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { CreateBookingRequest } from '../contract.js';
import { createBooking } from '../service.js';

export const handler = httpRoute(routes.createBooking, { body: CreateBookingRequest }, async ({ user, body }) =>
  json(201, { booking: await createBooking(user, body) }));
