import { routes } from '../../routes.js';
import { httpRoute, json, validationError } from '../../shared/http.js';
import { AdminUsersQuery } from '../contract.js';
import { adminUsers } from '../service.js';

export const handler = httpRoute(routes.adminUsers, {}, async ({ query }) => {
  const parsed = AdminUsersQuery.safeParse(Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')));
  if (!parsed.success) throw validationError(parsed.error);
  return json(200, await adminUsers(parsed.data));
});
