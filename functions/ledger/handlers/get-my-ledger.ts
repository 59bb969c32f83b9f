import { ledgerRoutes } from '../routes.js';
import { httpRoute, json } from '../../shared/http.js';
import { tutorLedger } from '../service.js';
import { withLineNames } from '../line-names.js';

export const handler = httpRoute(ledgerRoutes.getMyLedger, async ({ user }) => json(200, await withLineNames(await tutorLedger(user.id))));
