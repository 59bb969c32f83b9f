/**
 * Routes: the signed-in user's own profile and photo.
 * Entries are RouteDefs; functions/routes.ts combines every domain's into the one table.
 */
import { UpdateProfileRequest } from '../tutors/contract.js';
import { CreateUploadRequest, MAX_UPLOAD_MB, RegisterUploadRequest, UploadTicket } from '../uploads/contract.js';
import { MeResponse, ProfileResponse } from './contract.js';
import type { RouteDef } from '../shared/route-def.js';

export const profilesRoutes = {
  getMe: {
    method: 'GET', path: '/api/me', handler: 'profiles/handlers/get-me', access: 'signed-in', grants: ['table:read'],
    summary: 'The signed-in user\'s profile and role.',
    responses: { 200: MeResponse }, errors: [404],
  },
  updateMyProfile: {
    method: 'PATCH', path: '/api/me/profile', handler: 'profiles/handlers/update-my-profile', access: 'signed-in',
    grants: ['table:read', 'table:write', 'events:publish'],
    summary: 'Change one\'s own profile; teaching fields (rate KSh 200–50,000, minimum notice 0–72 h, subjects, levels …) only for tutors.',
    body: UpdateProfileRequest, responses: { 200: ProfileResponse }, errors: [403, 404],
  },
  createProfilePhotoUpload: {
    method: 'POST', path: '/api/me/profile-photo/upload', handler: 'profiles/handlers/create-profile-photo-upload',
    access: 'signed-in', grants: ['uploads:write'],
    summary: `A presigned POST for a profile photo (JPEG, PNG or WebP, at most ${MAX_UPLOAD_MB} MB) into a private staging area.`,
    body: CreateUploadRequest, responses: { 201: UploadTicket },
  },
  setProfilePhoto: {
    method: 'POST', path: '/api/me/profile-photo', handler: 'profiles/handlers/set-profile-photo', access: 'signed-in',
    grants: ['uploads:read', 'uploads:write', 'uploads:delete', 'table:read', 'table:write', 'events:publish'],
    summary: 'Checks the uploaded photo (size, real type from its bytes), publishes it and sets profilePhotoUrl; deletes a rejected file.',
    body: RegisterUploadRequest, responses: { 200: ProfileResponse }, errors: [403, 404],
  },
} as const satisfies Record<string, RouteDef>;
