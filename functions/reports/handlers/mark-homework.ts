import { reportsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { markHomework } from '../homework.js';
import { homeworkMessages } from '../homework-rules.js';

export const handler = httpRoute(reportsRoutes.markLessonHomework, async ({ user, params, body }) => {
  const homeworkDone = await markHomework(user, params.bookingId, body);
  return json(200, { homeworkDone, message: homeworkDone ? homeworkMessages.markedDone : homeworkMessages.markedOpen });
});
