import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { myKycDocuments } from '../service.js';

export const handler = httpRoute(routes.listMyKycDocuments, async ({ user }) => json(200, await myKycDocuments(user)));
