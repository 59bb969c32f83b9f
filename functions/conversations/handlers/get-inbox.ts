import { conversationsRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { inboxState } from '../service.js';

/** The ETag is the inbox's version and unread total: a poll with the current one costs one Get and no body. */
export const handler = httpRoute(conversationsRoutes.getInbox, async ({ user, event }) => {
  const state = await inboxState(user);
  const etag = `"${state.version}-${state.unread}"`;
  if (event.headers['if-none-match'] === etag) return { statusCode: 304, headers: { etag, 'cache-control': 'no-cache' } };
  return json(200, state, { etag, 'cache-control': 'no-cache' });
});
