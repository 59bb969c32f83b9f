/**
 * Live lesson rules (spec §3 Live session, §4 states, §5 access, §6 moderator and attendee, §7
 * meeting call). The server decides who may do what from the token and the booking; the video
 * provider (functions/live/video.ts) only hosts the room.
 */
import type { AttendanceEntry } from './contract.js';
import { readLiveSession } from './repository.js';

/** Every join of a booking's class, oldest first (the lessons job reads who attended). */
export async function attendanceOf(bookingId: string): Promise<AttendanceEntry[]> {
  return (await readLiveSession(bookingId)).attendance;
}
