import { reportsRoutes } from '../routes.js';
import { aiCaller } from '../../ai/service.js';
import { httpRoute, json } from '../../shared/http.js';
import { clientIp } from '../../shared/rate-limit.js';
import { draftReport } from '../service.js';

export const handler = httpRoute(reportsRoutes.draftLessonReport, async ({ user, params, body, event }) => {
  const caller = await aiCaller(user.id, clientIp(event.headers, event.requestContext.http.sourceIp));
  return json(200, { draft: await draftReport(user, params.bookingId, body.words, caller) });
});
