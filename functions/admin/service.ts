/** Role administration. Roles change only here: Cognito group and profile move together. */
import { addToGroup, findIdentityId, removeFromGroup } from '../auth/identity.js';
import type { Profile } from '../profiles/contract.js';
import { changeRole, findUserIds, getProfile, getProfiles, newestProfiles, pendingAdminRequestIds } from '../profiles/service.js';
import { findPartition, findTerm } from '../profiles/user-search.js';
import { decodeCursor, encodeCursor } from '../shared/cursor.js';
import { NotFound } from '../shared/errors.js';
import { reindexTutorListing } from '../tutors/listing-service.js';
import type {
  AdminLessonsQuery, AdminLessonsResponse, AdminStats, AdminTransactionsQuery, AdminTransactionsResponse, AdminUser, AdminUsersQuery, AdminUsersResponse,
} from './contract.js';
import { platformCounters, weeklyCounters } from './repository.js';
import { listTransactions } from '../payments/transactions-service.js';
import { getBookings, paidLessonsStartingBetween, tutorRecord } from '../bookings/service.js';
import { getCourses } from '../courses/service.js';
import { reportShareOf } from '../reports/timeliness.js';
import { attendanceOf } from '../live/service.js';
import { platformAiUsageToday } from '../ai/usage.js';
import { lastWeeks } from '../shared/time.js';

/**
 * Moves an account into super_admin: Cognito group and profile together. Idempotent (a retry
 * never counts twice: the profile's role changes under a condition). Called for a completed
 * enrolment (grant-service.ts), which is how accounts become admins, and by the local demo seed.
 */
export async function addSuperAdminRole(userId: string, grantedBy: string, now = new Date()): Promise<Profile> {
  const profile = await getProfile(userId);
  if (!profile) throw new NotFound('User not found');
  await addToGroup(profile.email, 'super_admin');
  if (profile.role === 'super_admin') return profile;
  try {
    await changeRole(userId, profile.role, 'super_admin', grantedBy, now.toISOString());
  } catch (error) {
    const again = await getProfile(userId); // a concurrent retry moved it first
    if (again?.role === 'super_admin') return again;
    throw error;
  }
  await removeFromGroup(profile.email, profile.role);
  if (profile.role === 'tutor') await reindexTutorListing(userId); // no longer listed
  return { ...profile, role: 'super_admin', adminRequest: 'granted' };
}

/** The local demo's admin, without the enrolment a real grant needs (infra/local/demo/seed.ts only). */
export async function makeDemoSuperAdmin(email: string): Promise<Profile> {
  const userId = await findIdentityId(email.trim().toLowerCase());
  if (!userId) throw new NotFound(`No account with the e-mail ${email}`);
  return addSuperAdminRole(userId, 'seed');
}

// ---- Dashboards ----


export async function adminStats(now = new Date()): Promise<AdminStats> {
  const weeks = lastWeeks(now, 8);
  const [counters, weekly, aiUsageToday] = await Promise.all([platformCounters(), weeklyCounters(weeks[0]!), platformAiUsageToday(now)]);
  return {
    totalUsers: counters.users,
    totalTutors: counters.tutors,
    totalStudents: counters.students,
    pendingKyc: counters.pendingKyc,
    totalRevenue: counters.revenueMinor / 100,
    paidBookings: counters.paidBookings,
    weekly: weeks.map((week) => {
      const w = weekly.get(week);
      return { week, signUps: w?.signUps ?? 0, bookings: w?.bookings ?? 0, revenue: (w?.revenueMinor ?? 0) / 100 };
    }),
    aiUsageToday,
  };
}

/** A profile as the admin pages list it. */
export const toAdminUser = (p: Profile): AdminUser => ({
  id: p.id, firstName: p.firstName, lastName: p.lastName, email: p.email, role: p.role, accountType: p.accountType,
  country: p.country, createdAt: p.createdAt,
  ...(p.role === 'tutor' ? { kycStatus: p.kycStatus ?? 'pending' } : {}),
  ...(p.adminRequest ? { adminRequest: p.adminRequest } : {}),
});

/** Tutors' late cancellations, no-shows and reports on time beside their names: two reads per tutor on the page (≤ 50). */
async function withTutorRecords(users: AdminUser[]): Promise<AdminUser[]> {
  return Promise.all(users.map(async (user) => {
    if (user.role !== 'tutor') return user;
    const [record, reportShare] = await Promise.all([tutorRecord(user.id), reportShareOf(user.id)]);
    return { ...user, tutorRecord: record, reportShare };
  }));
}

/** Without a limit, the ten newest users; the dashboard asks for pages of 20 behind Load more. */
export const USERS_PAGE_SIZE = 10;

/**
 * One page of users: newest first, or, with `q`, those whose name (first name + surname, or
 * surname) or e-mail starts with it, case and accents ignored. Plus the pending admin requests.
 */
export async function adminUsers(query: AdminUsersQuery = {}): Promise<AdminUsersResponse> {
  const limit = query.limit ?? USERS_PAGE_SIZE;
  const prefix = query.q ? findTerm(query.q) : '';
  const list = prefix ? `USERFIND|${prefix}` : 'PROFILES';
  const partition = prefix ? findPartition(prefix) : 'PROFILES';
  const start = query.cursor ? decodeCursor(query.cursor, list, partition) : undefined;
  const [page, requestIds] = await Promise.all([
    prefix
      ? findUserIds(prefix, limit, start).then(async (found) => ({ ...found, items: await getProfiles(found.items) }))
      : newestProfiles(limit, start),
    pendingAdminRequestIds(20),
  ]);
  const requests = await getProfiles(requestIds);
  return {
    users: await withTutorRecords(page.items.map(toAdminUser)),
    ...(page.lastKey ? { nextCursor: encodeCursor(list, page.lastKey) } : {}),
    adminRequests: requests.map(toAdminUser),
  };
}

/**
 * The transactions list (newest first, paged, filtered by status) with who paid, whom for and
 * what for (the lesson's subject and start, or the course's title): names by BatchGet of the
 * page's profiles, bookings and courses, never their ids alone.
 */
export async function adminTransactions(query: AdminTransactionsQuery): Promise<AdminTransactionsResponse> {
  const { transactions, nextCursor } = await listTransactions(query);
  const [profiles, bookings, courses] = await Promise.all([
    getProfiles(transactions.flatMap((t) => [t.studentId, t.tutorId].filter((id): id is string => Boolean(id)))),
    getBookings(transactions.flatMap((t) => (t.bookingId ? [t.bookingId] : t.bookingIds?.length ? [t.bookingIds[0]!] : []))),
    getCourses(transactions.flatMap((t) => (t.courseId ? [t.courseId] : []))),
  ]);
  const people = new Map(profiles.map((p) => [p.id, `${p.firstName} ${p.lastName}`]));
  const lessons = new Map(bookings.map((b) => [b.id, { lessonSubject: b.subject, lessonAt: b.scheduledAt }]));
  const titles = new Map(courses.map((c) => [c.id, c.title]));
  return {
    transactions: transactions.map(({ studentId, tutorId, ...t }) => ({
      ...t,
      ...(t.bookingId ? lessons.get(t.bookingId) : t.bookingIds?.length ? lessons.get(t.bookingIds[0]!) : {}),
      ...(t.courseId && titles.has(t.courseId) ? { courseTitle: titles.get(t.courseId)! } : {}),
      ...(studentId ? { payerName: people.get(studentId) ?? 'Unknown' } : {}),
      ...(tutorId ? { tutorName: people.get(tutorId) ?? 'Unknown' } : {}),
    })),
    ...(nextCursor ? { nextCursor } : {}),
  };
}

const DAY_MS = 86_400_000;

/**
 * The paid lessons of one UTC day with their attendance, for super admins (attendance
 * is visible to them). One index Query for the day, then one read of each lesson's attendance.
 */
/** The platform's day is Kenya's: East Africa Time, UTC+3 all year (no daylight saving). */
const EAT_OFFSET_MS = 3 * 3_600_000;

export async function adminLessons(query: AdminLessonsQuery, now = new Date()): Promise<AdminLessonsResponse> {
  const day = query.day ?? new Date(now.getTime() + EAT_OFFSET_MS).toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${day}T00:00:00.000Z`) - EAT_OFFSET_MS);
  const lessons = await paidLessonsStartingBetween(from, new Date(from.getTime() + DAY_MS));
  const attendance = await Promise.all(lessons.map((lesson) => attendanceOf(lesson.id)));
  const party = (p: { id: string; firstName: string; lastName: string }) => ({ id: p.id, name: `${p.firstName} ${p.lastName}` });
  return {
    day,
    lessons: lessons.map((lesson, i) => ({
      bookingId: lesson.id, subject: lesson.subject, scheduledAt: lesson.scheduledAt, durationMinutes: lesson.durationMinutes,
      status: lesson.status, tutor: party(lesson.tutor), student: party(lesson.student), attendance: attendance[i]!,
    })),
  };
}
