import { messagingRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { notificationPreferences } from '../preferences.js';

export const handler = httpRoute(messagingRoutes.getNotificationPreferences, async ({ user }) => json(200, await notificationPreferences(user.id)));
