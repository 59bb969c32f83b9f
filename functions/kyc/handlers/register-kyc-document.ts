import { kycRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { registerKycDocument } from '../service.js';

export const handler = httpRoute(kycRoutes.registerKycDocument, async ({ user, body }) => {
  const { document, created } = await registerKycDocument(user, body);
  // 200 for a repeat of an upload already registered: the same document, nothing new.
  return json(created ? 201 : 200, { document });
});
