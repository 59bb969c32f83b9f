/**
 * Routes: exam packs: the three platform-made downloads on /course-dashboard.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import { EXAM_PACK_LINK_SECONDS } from './catalog.js';
import { ExamPackDownload, ExamPackParams, ExamPacksResponse } from './contract.js';
import type { RouteDef } from '../shared/route-def.js';

export const examPacksRoutes = {
  listExamPacks: {
    method: 'GET', path: '/api/exam-packs', handler: 'exampacks/handlers/list-exam-packs', access: 'public',
    grants: ['table:read'],
    summary: 'The exam packs with their file name, true size in bytes and download count.',
    responses: { 200: ExamPacksResponse },
  },
  downloadExamPack: {
    method: 'POST', path: '/api/exam-packs/{packId}/download', handler: 'exampacks/handlers/download-exam-pack',
    access: 'public', grants: ['table:read', 'table:write', 'uploads:read'],
    summary: `Answers a signed link to the PDF that expires after ${EXAM_PACK_LINK_SECONDS} s; counts one download per client address per day.`,
    params: ExamPackParams, responses: { 200: ExamPackDownload }, errors: [404],
  },
} as const satisfies Record<string, RouteDef>;
