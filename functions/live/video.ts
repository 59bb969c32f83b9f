/**
 * The video provider port. BigBlueButton implements it (functions/live/bigbluebutton.ts); locally
 * the same adapter talks to the BigBlueButton-compatible sandbox (infra/local/sandboxes/bigbluebutton/server.ts).
 * Meeting ids are derived from the booking, so a retried create finds the same room.
 */

export type MeetingRole = 'moderator' | 'attendee';

export interface CreateMeeting {
  /** Stable per booking (or per demo room). */
  meetingId: string;
  /** Shown in the room, e.g. "Mathematics with Amina Otieno". */
  name: string;
  /** Where "Leave" sends the participant (the app's live session page). */
  logoutUrl: string;
  /** Minutes after which the provider may close the room by itself. */
  durationMinutes: number;
  /** Recording is off unless asked for. */
  record?: boolean;
}

export interface JoinMeeting {
  meetingId: string;
  /** "First Last", as the room shows it. */
  fullName: string;
  /** The product's user id (BigBlueButton's userID), so attendance can be matched. */
  userId: string;
  /** Decided by the server from the token and the booking, never from a request body. */
  role: MeetingRole;
}

export interface MeetingInfo {
  running: boolean;
  participantCount: number;
  participants: Array<{ userId: string; fullName: string; role: MeetingRole }>;
}

/** The provider refused or could not be reached; `key` is its messageKey when it gave one. */
export class VideoProviderError extends Error {
  constructor(message: string, readonly key?: string) {
    super(message);
    this.name = 'VideoProviderError';
  }
}

export interface VideoProvider {
  /** Creates the room; creating an existing room again succeeds (BigBlueButton's create is idempotent). */
  createMeeting(input: CreateMeeting): Promise<void>;
  /** A signed URL that enters the room with this name and role. Builds the URL; calls nothing. */
  joinUrl(input: JoinMeeting): Promise<string>;
  /** Ends the room for everyone; ending a room that no longer exists is not an error. */
  endMeeting(meetingId: string): Promise<void>;
  isMeetingRunning(meetingId: string): Promise<boolean>;
  /** null when the provider knows no such (or no longer such) room. */
  meetingInfo(meetingId: string): Promise<MeetingInfo | null>;
}
