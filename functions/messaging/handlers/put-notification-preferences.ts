import { messagingRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { changeNotificationPreferences } from '../preferences.js';

export const handler = httpRoute(messagingRoutes.putNotificationPreferences, async ({ user, body }) => json(200, await changeNotificationPreferences(user.id, body)));
