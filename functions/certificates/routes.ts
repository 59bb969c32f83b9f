/**
 * Routes: certificates: public verification by code, the learner's own
 * certificates and badges, the super admin's list, lookup and revoke.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import {
  AdminCertificatesQuery, AdminCertificatesResponse, CertificateParams, MyBadgesResponse, MyCertificatesResponse,
  PublicCertificate, RevokeCertificateRequest, RevokeCertificateResponse,
} from './contract.js';
import { LearnerChoice } from '../households/learner-choice.js';
import type { RouteDef } from '../shared/route-def.js';

export const certificatesRoutes = {
  getCertificate: {
    method: 'GET', path: '/api/certificates/{code}', handler: 'certificates/handlers/get-certificate', access: 'public',
    grants: ['table:read'],
    summary: 'Verify a certificate by its code: learner, course, tutor, issue date, valid or revoked. No sign-in.',
    params: CertificateParams, responses: { 200: PublicCertificate }, errors: [404],
  },
  listMyCertificates: {
    method: 'GET', path: '/api/me/certificates', handler: 'certificates/handlers/list-my-certificates', access: 'signed-in',
    grants: ['table:read'],
    summary: 'The caller\'s certificates, newest first (a parent\'s learnerId: that child\'s; 404 for a learner not in the household).',
    query: LearnerChoice, responses: { 200: MyCertificatesResponse }, errors: [404],
  },
  listMyBadges: {
    method: 'GET', path: '/api/me/badges', handler: 'certificates/handlers/list-my-badges', access: 'signed-in',
    grants: ['table:read'],
    summary: 'The caller\'s badges (first lesson, first course, five quizzes at 80% or more), earned or how far along (a parent\'s learnerId: that child\'s; 404 for a learner not in the household).',
    query: LearnerChoice, responses: { 200: MyBadgesResponse }, errors: [404],
  },
  listCertificates: {
    method: 'GET', path: '/api/admin/certificates', handler: 'certificates/handlers/list-certificates', access: ['super_admin'],
    grants: ['table:read'],
    summary: 'Every certificate newest first (cursor), or the one with `code`.',
    query: AdminCertificatesQuery, responses: { 200: AdminCertificatesResponse },
  },
  revokeCertificate: {
    method: 'POST', path: '/api/admin/certificates/{code}/revoke', handler: 'certificates/handlers/revoke-certificate',
    access: ['super_admin'], grants: ['table:read', 'table:write'],
    summary: 'Revoke a valid certificate with a reason (audited); 409 when it is already revoked.',
    params: CertificateParams, body: RevokeCertificateRequest, responses: { 200: RevokeCertificateResponse }, errors: [404, 409],
  },
} as const satisfies Record<string, RouteDef>;
