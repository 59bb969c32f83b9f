import { kycRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myKycDocuments } from '../service.js';

export const handler = httpRoute(kycRoutes.listMyKycDocuments, async ({ user }) => json(200, await myKycDocuments(user)));
