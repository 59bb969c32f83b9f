/**
 * Message attachments against the emulators: a photo (with the thumbnail the browser draws) and a
 * PDF go through the presigned upload path into the conversation, the pair gets signed links that
 * serve the files, a stranger gets "not found", files are judged by their bytes and size on the
 * server, and a resend with the same client id stores one message.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../functions/uploads/rules.js';
import { stagingPrefix } from '../../functions/uploads/storage.js';
import { callApi, createUser, expectOk, type TestUser } from '../support/api.js';
import { exists, PDF, PNG, postUpload, putDirect, type Ticket } from '../support/uploads.js';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...Buffer.from('JFIF\0homework page 2 of chemistry')]);
const clientId = () => randomUUID().replaceAll('-', '');

async function pair(): Promise<{ family: TestUser; tutor: TestUser; conversationId: string }> {
  const [family, tutor] = await Promise.all([createUser('parent', { firstName: 'Wanjiru' }), createUser('tutor', { firstName: 'Juma' })]);
  const started = await expectOk(callApi('startConversation', { token: family.accessToken, body: { tutorId: tutor.userId } }), 'start');
  return { family, tutor, conversationId: started.conversation.id };
}

const ticketFor = (user: TestUser, conversationId: string, file: { fileName: string; contentType: string; size: number }) =>
  callApi('createConversationAttachmentUpload', { token: user.accessToken, params: { conversationId }, body: file });

async function upload(user: TestUser, conversationId: string, fileName: string, bytes: Uint8Array, type: string): Promise<string> {
  const ticket = await expectOk(ticketFor(user, conversationId, { fileName, contentType: type, size: bytes.length }), 'ticket');
  expect((await postUpload(ticket as Ticket, new Uint8Array(bytes), type)).status).toBeLessThan(300);
  return ticket.key;
}

const send = (user: TestUser, conversationId: string, body: { clientId: string; text?: string; attachment?: { key: string; thumbnailKey?: string } }) =>
  callApi('sendConversationMessage', { token: user.accessToken, params: { conversationId }, body });

describe('attachments in a conversation', () => {
  it('a homework photo with its thumbnail reaches the tutor, who opens both through signed links; a stranger gets 404', async () => {
    const { family, tutor, conversationId } = await pair();
    const key = await upload(family, conversationId, 'Homework page 2.jpg', JPEG, 'image/jpeg');
    const thumbnailKey = await upload(family, conversationId, 'thumbnail.png', PNG, 'image/png');
    const sent = await send(family, conversationId, { clientId: clientId(), text: 'Question 3 please', attachment: { key, thumbnailKey } });
    expect(sent.status).toBe(201);
    expect(sent.body.sent.attachment).toMatchObject({ name: 'Homework-page-2.jpg', contentType: 'image/jpeg', size: JPEG.length });
    // The staged uploads are gone once the message holds them.
    expect(await exists(key)).toBe(false);
    expect(await exists(thumbnailKey)).toBe(false);

    const read = await expectOk(callApi('getConversationThread', { token: tutor.accessToken, params: { conversationId } }), 'thread');
    const [message] = read.messages;
    expect(message).toMatchObject({ mine: false, text: 'Question 3 please' });
    const full = await fetch(message!.attachment!.url);
    expect(full.status).toBe(200);
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(JPEG);
    const thumb = await fetch(message!.attachment!.thumbnailUrl!);
    expect(thumb.status).toBe(200);
    expect(new Uint8Array(await thumb.arrayBuffer())).toEqual(PNG);

    const stranger = await createUser('parent');
    expect((await callApi('getConversationThread', { token: stranger.accessToken, params: { conversationId } })).status).toBe(404);
    expect((await ticketFor(stranger, conversationId, { fileName: 'x.jpg', contentType: 'image/jpeg', size: 10 })).status).toBe(404);
  });

  it('a PDF without text shows its name and size and opens for the other side', async () => {
    const { family, tutor, conversationId } = await pair();
    const key = await upload(tutor, conversationId, 'organic-chemistry.pdf', PDF, 'application/pdf');
    const sent = await expectOk(send(tutor, conversationId, { clientId: clientId(), attachment: { key } }), 'send');
    expect(sent.sent).toMatchObject({ text: '', attachment: { name: 'organic-chemistry.pdf', contentType: 'application/pdf', size: PDF.length } });
    expect(sent.sent.attachment!.thumbnailUrl).toBeUndefined();
    const [listed] = (await expectOk(callApi('listInboxConversations', { token: family.accessToken }), 'list')).conversations;
    expect(listed!.preview).toContain('organic-chemistry.pdf');
    const [message] = (await expectOk(callApi('getConversationThread', { token: family.accessToken, params: { conversationId } }), 'thread')).messages;
    expect((await fetch(message!.attachment!.url)).status).toBe(200);
  });

  it('refuses a fake PDF (its bytes are not a PDF) and removes it', async () => {
    const { family, conversationId } = await pair();
    const key = await upload(family, conversationId, 'homework.pdf', new Uint8Array(Buffer.from('MZ\x90\x00 not a pdf at all')), 'application/pdf');
    const res = await send(family, conversationId, { clientId: clientId(), attachment: { key } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { message: 'File type not allowed for security reasons' } });
    expect(await exists(key)).toBe(false);
    expect((await expectOk(callApi('getConversationThread', { token: family.accessToken, params: { conversationId } }), 'thread')).messages).toEqual([]);
  });

  it('refuses more than 10 MB: before the upload, and from the stored object when the policy was bypassed', async () => {
    const { family, conversationId } = await pair();
    const ticket = await ticketFor(family, conversationId, { fileName: 'big.pdf', contentType: 'application/pdf', size: MAX_UPLOAD_BYTES + 1 });
    expect(ticket.status).toBe(400);
    expect(ticket.body).toMatchObject({ error: { message: 'File size must be less than 10MB' } });

    const key = `${stagingPrefix('message-attachment', family.userId)}${Date.now()}_big.pdf`;
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(PDF);
    await putDirect(key, big, 'application/pdf');
    const res = await send(family, conversationId, { clientId: clientId(), attachment: { key } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { message: 'File size must be less than 10MB' } });
  });

  it('a resend with the same client id stores one message with one file', async () => {
    const { family, tutor, conversationId } = await pair();
    const key = await upload(family, conversationId, 'homework.jpg', JPEG, 'image/jpeg');
    const id = clientId();
    const first = await expectOk(send(family, conversationId, { clientId: id, text: 'Page 1', attachment: { key } }), 'first');
    const again = await send(family, conversationId, { clientId: id, text: 'Page 1', attachment: { key } });
    expect(again.status).toBe(201);
    expect(again.body.sent.id).toBe(first.sent.id);
    const read = await expectOk(callApi('getConversationThread', { token: tutor.accessToken, params: { conversationId } }), 'thread');
    expect(read.messages).toHaveLength(1);
    expect(read.messages[0]!.attachment).toMatchObject({ name: 'homework.jpg' });
  });

  it('refuses to attach another user\'s upload', async () => {
    const { family, tutor, conversationId } = await pair();
    const key = await upload(tutor, conversationId, 'homework.jpg', JPEG, 'image/jpeg');
    expect((await send(family, conversationId, { clientId: clientId(), attachment: { key } })).status).toBe(403);
  });
});
