/**
 * The walk's second step, one function per domain: items of a user that live under another key
 * (a number's owner, a link's token, a conversation's thread), found through keys the first step
 * read (their own partitions and per-user indexes, keys.ts), and what a deletion does with them.
 * Every read is a Get or a Query of a key the user's own items name: the work grows with the
 * user's items only. What is kept and why: docs/data-model.md "Privacy: export and deletion".
 */
import { approvalTokenKey, pairingKey } from '../households/keys.js';
import { phoneOwnerKey } from '../phones/keys.js';
import { homeworkPhotoKey, reportKey } from '../reports/keys.js';
import { conversationKey, listPartition, MESSAGE_PREFIX, otherSide, type Side } from '../conversations/keys.js';
import * as repository from './repository.js';
import type { StoredItem } from './repository.js';

export type Sections = Record<string, StoredItem[]>;

const present = (items: Array<StoredItem | null>) => items.filter((i): i is StoredItem => i !== null);

/** Phones: the `PHONE#{number}/OWNER` item of the account's verified number, while it still names the account. Deleted with it: the number is free. */
export async function phoneOwnerItems(userId: string, sections: Sections): Promise<StoredItem[]> {
  const phones = (sections.profile ?? []).filter((i) => i.sk === 'PHONE' && typeof i.phone === 'string').map((i) => String(i.phone));
  const owners = present(await Promise.all(phones.map((phone) => repository.getItem(phoneOwnerKey(phone)))));
  return owners.filter((owner) => owner.userId === userId);
}

/** Parent approval (an under-18 solo sign-up): the live link's token item, found from the request's hash. Deleted with the request. */
export async function approvalTokenItems(sections: Sections): Promise<StoredItem[]> {
  const hashes = (sections.parentApproval ?? []).map((i) => i.tokenHash).filter((h): h is string => typeof h === 'string');
  return present(await Promise.all(hashes.map((hash) => repository.getItem(approvalTokenKey(hash)))));
}

/** Households: the live pairing code of each child without a login yet. Deleted with the household. */
export async function pairingCodeItems(sections: Sections): Promise<StoredItem[]> {
  const codes = (sections.household ?? []).map((i) => i.pairingCode).filter((c): c is string => typeof c === 'string');
  return present(await Promise.all(codes.map((code) => repository.getItem(pairingKey(code)))));
}

type Thread = { side: Side; ownerId: string; unread: number; items: StoredItem[] };

/** Every conversation the user is a party of (their side's list entry), with its whole partition. */
async function threadsOf(userId: string): Promise<Thread[]> {
  const sides = await repository.readStep({ what: 'conversationSides', index: 'gsi1', partition: listPartition(userId) });
  return Promise.all(sides.map(async (side) => ({
    side: side.side as Side, ownerId: userId, unread: Number(side.unread ?? 0),
    items: await repository.readStep({ what: 'conversations', partition: conversationKey(String(side.conversationId)).pk }),
  })));
}

/**
 * Conversations, for the export: each conversation item (the pair, names, blocks, reports), the
 * user's own side (unread, read time) and every message of the thread, both parties'.
 * The other party's side (their unread count) and the resend markers are not the user's data.
 */
export async function conversationItems(userId: string): Promise<StoredItem[]> {
  return (await threadsOf(userId)).flatMap(({ side, items }) =>
    items.filter((i) => i.sk === 'CONV' || i.sk === `SIDE#${side}` || i.sk.startsWith(MESSAGE_PREFIX)));
}

/**
 * Conversations, for a deletion: the chat history goes for both parties (every message and resend
 * marker), the user's side goes; the conversation stays for the other party naming `replacement`,
 * closed to new messages (as if the deleted side had blocked it), with nothing left unread or
 * previewed there. The user's side goes last: a job that stopped half-way finds the thread again.
 */
export async function eraseConversations(userId: string, replacement: string): Promise<number> {
  let erased = 0;
  for (const thread of await threadsOf(userId)) {
    const conversation = thread.items.find((i) => i.sk === 'CONV');
    const theirs = thread.items.find((i) => i.sk === `SIDE#${otherSide(thread.side)}`);
    const history = thread.items.filter((i) => i.sk.startsWith(MESSAGE_PREFIX) || i.sk.startsWith('CLIENT#'));
    if (conversation) {
      const blockedBy = [...new Set([...(conversation.blockedBy as Side[] | undefined ?? []), thread.side])];
      await repository.closeConversationOfDeleted(conversation, thread.side, replacement, blockedBy);
    }
    await repository.deleteItems(history);
    if (theirs) await repository.clearConversationSide(theirs, Number(theirs.unread ?? 0));
    await repository.deleteItems(thread.items.filter((i) => i.sk === `SIDE#${thread.side}`));
    erased += history.length + 1;
  }
  return erased;
}

/** A lesson as the walk read it (a booking item): its id, its tutor. */
const lessonId = (lesson: StoredItem) => String(lesson.id ?? lesson.pk.slice('BOOKING#'.length));
const isReportText = (item: StoredItem) => item.sk === 'REPORT' || item.sk.startsWith('VERSION#');

/** What the family was shown of a report: the approved fields without the tutor-only note. */
function familyCopy(item: StoredItem): StoredItem | null {
  const withoutNote = (fields: unknown) => {
    if (!fields || typeof fields !== 'object') return fields;
    const { privateNote: _note, ...rest } = fields as Record<string, unknown>;
    return rest;
  };
  if (item.sk.startsWith('VERSION#')) return { ...item, fields: withoutNote(item.fields) };
  if (item.sk !== 'REPORT' || item.approved === undefined) return null; // a draft the family never saw
  const { working: _working, revision: _revision, ...shown } = item;
  return { ...shown, approved: withoutNote(item.approved) };
}

/**
 * Lesson reports (`REPORT#{bookingId}`) of the user's lessons: a lesson's tutor gets the report
 * whole (working copy, tutor-only note, versions); the family gets what it was shown (approved
 * versions without the tutor-only note, homework marked done). Report-timeliness counters are not
 * personal data and stay out.
 */
export async function lessonReportItems(userId: string, lessons: StoredItem[]): Promise<StoredItem[]> {
  const perLesson = await Promise.all(lessons.map(async (lesson) => {
    const items = (await repository.readStep({ what: 'lessonReports', partition: reportKey(lessonId(lesson)).pk })).filter(isReportText);
    return lesson.tutorId === userId ? items : present(items.map(familyCopy));
  }));
  return perLesson.flat();
}

/** Where the family's photos of each lesson's homework are kept. */
export const homeworkPhotoPrefixes = (lessons: StoredItem[]): string[] => lessons.map((lesson) => homeworkPhotoKey(lessonId(lesson), ''));

/**
 * A family's lessons leaving (an account, or one child): their reports go, every version of them
 * (they describe the child), with the homework photos. The booking itself stays, pseudonymised;
 * the tutor's report-timeliness counters stay (no personal data).
 */
export async function eraseLessonReports(lessons: StoredItem[]): Promise<{ items: number; files: number }> {
  const items = (await Promise.all(lessons.map((lesson) => repository.readStep({ what: 'lessonReports', partition: reportKey(lessonId(lesson)).pk }))))
    .flat().filter(isReportText);
  await repository.deleteItems(items);
  const files = (await Promise.all(homeworkPhotoPrefixes(lessons).map(repository.listObjects))).flat();
  if (files.length) await repository.deleteObjects(files);
  return { items: items.length, files: files.length };
}
