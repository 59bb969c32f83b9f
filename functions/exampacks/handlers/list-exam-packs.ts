import { examPacksRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { listExamPacks } from '../service.js';

// Not cached: the download counts change with every download.
export const handler = httpRoute(examPacksRoutes.listExamPacks, async () => json(200, { packs: await listExamPacks() }));
