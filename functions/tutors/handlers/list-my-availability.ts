import { getProfile } from '../../profiles/repository.js';
import { DEFAULT_TIME_ZONE } from '../../profiles/contract.js';
import { routes } from '../../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { listSlots } from '../availability-repository.js';
import type { AvailabilityList } from '../contract.js';

export const handler = httpRoute(routes.listMyAvailability, {}, async ({ user }) => {
  const [slots, profile] = await Promise.all([listSlots(user.id), getProfile(user.id)]);
  const body: AvailabilityList = { slots, timeZone: profile?.timeZone ?? DEFAULT_TIME_ZONE };
  return json(200, body);
});
