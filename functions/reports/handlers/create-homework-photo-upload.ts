import { reportsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { homeworkPhotoTicket } from '../homework.js';

export const handler = httpRoute(reportsRoutes.createHomeworkPhotoUpload, async ({ user, params, body }) =>
  json(200, await homeworkPhotoTicket(user, params.bookingId, body)));
