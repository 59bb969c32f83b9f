import { examPacksRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { clientIp } from '../../shared/rate-limit.js';
import { downloadExamPack } from '../service.js';

export const handler = httpRoute(examPacksRoutes.downloadExamPack, async ({ params, event }) =>
  json(200, await downloadExamPack(params.packId, clientIp(event.headers, event.requestContext.http.sourceIp))));
