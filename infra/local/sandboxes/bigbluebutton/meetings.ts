/**
 * The meetings the sandbox holds and the API calls on them (create, join, end, isMeetingRunning,
 * getMeetingInfo), answering as BigBlueButton does; who is in the room for the classroom page.
 */
import { createHash, randomInt } from 'node:crypto';
import { token } from '../../http.js';
import { bbbXml, FAILURES, meetingFields, type BbbRole, type SandboxMeeting, type SandboxParticipant } from './wire.js';

export interface Session { meeting: SandboxMeeting; participant: SandboxParticipant }

export function meetingBook(deps: { publicOrigin: () => string; presenceTimeoutMs: number }) {
  const meetings = new Map<string, SandboxMeeting>();
  const sessions = new Map<string, Session>();

  const present = (m: SandboxMeeting, now = Date.now()) =>
    m.ended ? [] : m.participants.filter((p) => !p.left && now - p.lastSeen < deps.presenceTimeoutMs);

  function requireMeetingId(params: URLSearchParams): string {
    const id = params.get('meetingID')?.trim();
    if (!id) throw FAILURES.meetingId();
    return id;
  }

  function create(params: URLSearchParams): string {
    const name = params.get('name')?.trim();
    if (!name) throw FAILURES.name();
    const meetingID = requireMeetingId(params);
    const existing = meetings.get(meetingID);
    if (existing && !existing.ended) {
      return bbbXml('SUCCESS', {
        ...meetingFields(existing),
        messageKey: 'duplicateWarning',
        message: 'This conference was already in existence and may currently be in progress.',
      });
    }
    const createTime = Date.now();
    const duration = Number(params.get('duration') ?? '0');
    const meeting: SandboxMeeting = {
      meetingID,
      internalMeetingID: `${createHash('sha1').update(meetingID).digest('hex')}-${createTime}`,
      name,
      logoutURL: params.get('logoutURL') || deps.publicOrigin(),
      record: params.get('record') === 'true',
      duration: Number.isInteger(duration) && duration > 0 ? duration : 0,
      attendeePW: params.get('attendeePW') || token(8),
      moderatorPW: params.get('moderatorPW') || token(8),
      voiceBridge: String(70000 + randomInt(10000)),
      createTime,
      startTime: 0,
      endTime: 0,
      ended: false,
      participants: [],
    };
    // A room that was ended is replaced by a fresh one, as BigBlueButton forgets ended meetings.
    meetings.set(meetingID, meeting);
    return bbbXml('SUCCESS', meetingFields(meeting));
  }

  /** The classroom page to send the participant to, or with redirect=false the XML answer. */
  function join(params: URLSearchParams): { redirect: string } | { xml: string } {
    const meetingID = requireMeetingId(params);
    const fullName = params.get('fullName')?.trim();
    if (!fullName) throw FAILURES.fullName();
    const meeting = meetings.get(meetingID);
    if (!meeting) throw FAILURES.unknownMeeting();
    if (meeting.ended) throw FAILURES.ended();
    const askedRole = params.get('role')?.toUpperCase();
    const password = params.get('password');
    const role: BbbRole | undefined = askedRole === 'MODERATOR' || askedRole === 'VIEWER' ? askedRole
      : password === meeting.moderatorPW ? 'MODERATOR' : password === meeting.attendeePW ? 'VIEWER' : undefined;
    if (!role) throw FAILURES.password();

    const now = Date.now();
    const userID = params.get('userID') || `w_${token(12)}`;
    // The same user joining again (second tab, reload of the join link) replaces their old seat.
    for (const p of meeting.participants) if (p.userID === userID) p.left = true;
    const participant: SandboxParticipant = { token: token(24), userID, fullName, role, joinedAt: now, lastSeen: now, left: false };
    meeting.participants.push(participant);
    sessions.set(participant.token, { meeting, participant });
    if (meeting.startTime === 0) meeting.startTime = now;
    const classroom = `${deps.publicOrigin()}/classroom/${participant.token}`;
    if (params.get('redirect') === 'false') {
      return {
        xml: bbbXml('SUCCESS', {
          messageKey: 'successfullyJoined', message: 'You have joined successfully.',
          meeting_id: meeting.internalMeetingID, user_id: userID, auth_token: token(12), session_token: participant.token, url: classroom,
        }),
      };
    }
    return { redirect: classroom };
  }

  function end(params: URLSearchParams): string {
    const meeting = meetings.get(requireMeetingId(params));
    if (!meeting || meeting.ended) throw FAILURES.notFound();
    meeting.ended = true;
    meeting.endTime = Date.now();
    return bbbXml('SUCCESS', {
      messageKey: 'sentEndMeetingRequest',
      message: 'A request to end the meeting was sent.  Please wait a few seconds, and then use the getMeetingInfo or isMeetingRunning API calls to verify that it was ended.',
    });
  }

  const running = (m: SandboxMeeting | undefined) => !!m && !m.ended && m.startTime > 0;

  function getMeetingInfo(params: URLSearchParams): string {
    const meeting = meetings.get(requireMeetingId(params));
    if (!meeting || meeting.ended) throw FAILURES.notFound();
    const inRoom = present(meeting);
    return bbbXml('SUCCESS', {
      meetingName: meeting.name,
      ...meetingFields(meeting),
      running: running(meeting),
      recording: meeting.record,
      startTime: meeting.startTime,
      endTime: meeting.endTime,
      participantCount: inRoom.length,
      listenerCount: 0,
      voiceParticipantCount: 0,
      videoCount: 0,
      maxUsers: 0,
      moderatorCount: inRoom.filter((p) => p.role === 'MODERATOR').length,
      attendees: inRoom.map((p) => ({
        attendee: {
          userID: p.userID, fullName: p.fullName, role: p.role, isPresenter: p.role === 'MODERATOR',
          isListeningOnly: false, hasJoinedVoice: false, hasVideo: false, clientType: 'HTML5',
        },
      })),
      metadata: {},
      isBreakout: false,
    });
  }

  const isMeetingRunning = (params: URLSearchParams) => bbbXml('SUCCESS', { running: running(meetings.get(requireMeetingId(params))) });

  return {
    create, join, end, getMeetingInfo, isMeetingRunning, present, running,
    session: (sessionToken: string) => sessions.get(sessionToken),
    meetings: () => [...meetings.values()],
  };
}
