import { examPacksRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { downloadExamPack } from '../service.js';

export const handler = httpRoute(examPacksRoutes.downloadExamPack, async ({ params }) =>
  json(200, await downloadExamPack(params.packId)));
