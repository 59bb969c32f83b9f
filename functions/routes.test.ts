import { describe, expect, it } from 'vitest';
import { adminRoutes } from './admin/routes.js';
import { aiRoutes } from './ai/routes.js';
import { authRoutes } from './auth/routes.js';
import { bookingsRoutes } from './bookings/routes.js';
import { conversationsRoutes } from './conversations/routes.js';
import { coursesRoutes } from './courses/routes.js';
import { healthRoutes } from './health/routes.js';
import { kycRoutes } from './kyc/routes.js';
import { liveRoutes } from './live/routes.js';
import { messagingRoutes } from './messaging/routes.js';
import { openApiRoutes } from './openapi/routes.js';
import { paymentsRoutes } from './payments/routes.js';
import { profilesRoutes } from './profiles/routes.js';
import { progressRoutes } from './progress/routes.js';
import { routeList } from './routes.js';
import { tutorsRoutes } from './tutors/routes.js';
import { reviewsRoutes } from './reviews/routes.js';
import { reportsRoutes } from './reports/routes.js';
import { weeklyReportsRoutes } from './weeklyreports/routes.js';
import { ledgerRoutes } from './ledger/routes.js';
import { examPacksRoutes } from './exampacks/routes.js';
import { certificatesRoutes } from './certificates/routes.js';
import { payoutsRoutes } from './payouts/routes.js';
import { disputesRoutes } from './disputes/routes.js';
import { householdsRoutes } from './households/routes.js';
import { privacyRoutes } from './privacy/routes.js';
import { plansRoutes } from './plans/routes.js';
import { packsRoutes } from './packs/routes.js';
import { rumRoutes } from './rum/routes.js';
import { phonesRoutes } from './phones/routes.js';

describe('the combined route table', () => {
  const domains = {
    health: healthRoutes, openapi: openApiRoutes, auth: authRoutes, profiles: profilesRoutes, tutors: tutorsRoutes,
    bookings: bookingsRoutes, payments: paymentsRoutes, messaging: messagingRoutes, kyc: kycRoutes, admin: adminRoutes, live: liveRoutes,
    ai: aiRoutes, courses: coursesRoutes,
    reviews: reviewsRoutes,
    reports: reportsRoutes,
    weeklyreports: weeklyReportsRoutes,
    progress: progressRoutes,
    ledger: ledgerRoutes,
    exampacks: examPacksRoutes,
    certificates: certificatesRoutes,
    payouts: payoutsRoutes,
    disputes: disputesRoutes,
    households: householdsRoutes,
    privacy: privacyRoutes,
    plans: plansRoutes,
    packs: packsRoutes,
    rum: rumRoutes,
    phones: phonesRoutes,
    conversations: conversationsRoutes,
  };

  it('holds every domain\'s routes, none hiding another of the same name', () => {
    const names = Object.values(domains).flatMap((routes) => Object.keys(routes));
    expect(routeList.map((r) => r.name).sort()).toEqual([...names].sort());
    expect(new Set(names).size).toBe(names.length);
  });

  it('keeps each route in the domain whose handler serves it', () => {
    for (const [domain, routes] of Object.entries(domains)) {
      for (const [name, route] of Object.entries(routes)) expect({ name, domain: route.handler.split('/')[0] }).toEqual({ name, domain });
    }
  });

  it('names one method and path per route', () => {
    const keys = routeList.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
