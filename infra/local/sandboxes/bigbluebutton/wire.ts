/**
 * BigBlueButton's API as the sandbox speaks it (docs.bigbluebutton.org/development/api): the
 * meeting and participant it keeps, its XML answers, its failures and the checksum every call
 * carries.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export const API_PATH = '/bigbluebutton/api';

export type BbbRole = 'MODERATOR' | 'VIEWER';

export interface SandboxParticipant {
  token: string;
  userID: string;
  fullName: string;
  role: BbbRole;
  joinedAt: number;
  lastSeen: number;
  left: boolean;
}

export interface SandboxMeeting {
  meetingID: string;
  internalMeetingID: string;
  name: string;
  logoutURL: string;
  record: boolean;
  duration: number;
  attendeePW: string;
  moderatorPW: string;
  voiceBridge: string;
  createTime: number;
  startTime: number;
  endTime: number;
  ended: boolean;
  participants: SandboxParticipant[];
}

/** BigBlueButton's error, as its ApiController answers it. */
export class BbbFailure extends Error {
  constructor(readonly messageKey: string, message: string) {
    super(message);
  }
}

export const FAILURES = {
  checksum: () => new BbbFailure('checksumError', 'You did not pass the checksum security check'),
  meetingId: () => new BbbFailure('missingParamMeetingID', 'You must specify a meeting ID for the meeting.'),
  name: () => new BbbFailure('missingParamName', 'You must specify a name for the meeting.'),
  fullName: () => new BbbFailure('missingParamFullName', 'You must specify a name for the attendee who will be joining the meeting.'),
  password: () => new BbbFailure('invalidPassword',
    'You either did not supply a password or the password supplied is neither the attendee or moderator password for this conference.'),
  unknownMeeting: () => new BbbFailure('invalidMeetingIdentifier', 'The meeting ID that you supplied did not match any existing meetings'),
  ended: () => new BbbFailure('meetingForciblyEnded', 'You can not re-join a meeting that has already been forcibly ended.'),
  notFound: () => new BbbFailure('notFound', 'We could not find a meeting with that meeting ID - perhaps the meeting is not yet running?'),
  unsupported: () => new BbbFailure('unsupportedRequest', 'This request is not supported.'),
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

type XmlValue = string | number | boolean | XmlValue[] | { [tag: string]: XmlValue };

function xmlElements(fields: Record<string, XmlValue>): string {
  return Object.entries(fields).map(([tag, value]) => {
    if (Array.isArray(value)) return `<${tag}>${value.map((v) => xmlElements(v as Record<string, XmlValue>)).join('')}</${tag}>`;
    if (typeof value === 'object') return `<${tag}>${xmlElements(value)}</${tag}>`;
    return `<${tag}>${escapeXml(String(value))}</${tag}>`;
  }).join('');
}

/** `<response><returncode>…` with the given elements, in order. */
export function bbbXml(returncode: 'SUCCESS' | 'FAILED', fields: Record<string, XmlValue> = {}): string {
  return `<response>${xmlElements({ returncode, ...fields })}</response>`;
}

/**
 * Written here on purpose instead of importing the adapter's helper: the sandbox stands for
 * BigBlueButton, so a signing bug in the adapter must not be able to hide itself in both places.
 * Like BigBlueButton, it hashes the raw query string it received, minus the checksum parameter.
 */
export function hasValidChecksum(callName: string, rawQuery: string, secret: string): boolean {
  const parts = rawQuery === '' ? [] : rawQuery.split('&');
  const given = parts.filter((p) => p.startsWith('checksum=')).map((p) => p.slice('checksum='.length));
  if (given.length !== 1 || !/^[0-9a-fA-F]+$/.test(given[0]!)) return false;
  const algorithm = ({ 40: 'sha1', 64: 'sha256', 96: 'sha384', 128: 'sha512' } as Record<number, string>)[given[0]!.length];
  if (!algorithm) return false;
  const signed = parts.filter((p) => !p.startsWith('checksum=')).join('&');
  const expected = createHash(algorithm).update(`${callName}${signed}${secret}`, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(given[0]!, 'hex'));
}

export function meetingFields(m: SandboxMeeting): Record<string, XmlValue> {
  return {
    meetingID: m.meetingID,
    internalMeetingID: m.internalMeetingID,
    parentMeetingID: 'bbb-none',
    attendeePW: m.attendeePW,
    moderatorPW: m.moderatorPW,
    createTime: m.createTime,
    voiceBridge: m.voiceBridge,
    dialNumber: '613-555-1234',
    createDate: new Date(m.createTime).toUTCString(),
    hasUserJoined: m.startTime > 0,
    duration: m.duration,
    hasBeenForciblyEnded: m.ended,
  };
}
