import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { registerKycDocument } from '../service.js';

export const handler = httpRoute(routes.registerKycDocument, async ({ user, body }) =>
  json(201, { document: await registerKycDocument(user, body) }));
