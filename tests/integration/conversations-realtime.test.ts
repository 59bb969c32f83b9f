/**
 * Conversations in real time against the local stack: the gateway serves the WebSocket API as
 * API Gateway does (authoriser on the upgrade, $connect/$disconnect handlers, the management
 * endpoint the real SDK client posts to). A stored message reaches every open socket of both
 * parties; a connection API Gateway no longer knows (410) is dropped; a socket without a valid
 * access token is refused.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { baseUrl, callApi, createUser, eventually, expectOk, type TestUser } from '../support/api.js';
import { getItem, table } from '../support/fixtures.js';

interface Frame { type: string; version: number; unread: number; conversationId: string }

const socketUrl = (token?: string) => `${baseUrl().replace(/^http/, 'ws')}/ws${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;

/** An open socket and the frames it has received. */
async function connect(user: TestUser): Promise<{ ws: WebSocket; frames: Frame[] }> {
  const ws = new WebSocket(socketUrl(user.accessToken));
  const frames: Frame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as Frame));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, frames };
}

/** The status the upgrade was refused with (or "open" when it was not). */
function upgradeAnswer(url: string): Promise<number | 'open'> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      resolve('open');
      ws.close();
    });
    ws.once('error', (error) => {
      if (!String(error).includes('Unexpected server response')) reject(error);
    });
  });
}

describe('conversations over the WebSocket', () => {
  it('a stored message reaches both parties\' two open sockets each, and a stale connection is dropped', async () => {
    const [family, tutor] = await Promise.all([createUser('parent'), createUser('tutor')]);
    const started = await expectOk(callApi('startConversation', { token: family.accessToken, body: { tutorId: tutor.userId } }), 'start');
    const conversationId = started.conversation.id;
    const sockets = await Promise.all([connect(family), connect(family), connect(tutor), connect(tutor)]);
    // A connection left behind by a phone that lost its network (API Gateway answers 410 for it).
    const { doc, name } = table();
    await doc.send(new PutCommand({
      TableName: name,
      Item: { pk: `SOCKETS#${tutor.userId}`, sk: 'CONN#stale0000000=', connectionId: 'stale0000000=', userId: tutor.userId, connectedAt: new Date().toISOString(), expiresAt: Math.floor(Date.now() / 1000) + 3600 },
    }));

    await expectOk(callApi('sendConversationMessage', {
      token: family.accessToken, params: { conversationId }, body: { clientId: randomUUID().replaceAll('-', ''), text: 'Are you free on Saturday morning?' },
    }), 'send');

    const [family1, family2, tutor1, tutor2] = await Promise.all(sockets.map((s) => eventually(async () => s.frames[0])));
    for (const frame of [family1, family2]) expect(frame).toMatchObject({ type: 'inbox', conversationId, unread: 0 });
    for (const frame of [tutor1, tutor2]) expect(frame).toMatchObject({ type: 'inbox', conversationId, unread: 1 });
    // The same state GET /api/me/inbox answers, so the page applies it as it applies a poll.
    const tutorInbox = await expectOk(callApi('getInbox', { token: tutor.accessToken }), 'inbox');
    expect(tutor1).toMatchObject(tutorInbox);
    expect(await getItem(`SOCKETS#${tutor.userId}`, 'CONN#stale0000000=')).toBeUndefined();

    for (const { ws } of sockets) ws.close();
  });

  it('a closed socket is forgotten ($disconnect)', async () => {
    const tutor = await createUser('tutor');
    const { ws } = await connect(tutor);
    const { doc, name } = table();
    const stored = async () => (await doc.send(new QueryCommand({
      TableName: name, KeyConditionExpression: 'pk = :p', ExpressionAttributeValues: { ':p': `SOCKETS#${tutor.userId}` },
    }))).Items ?? [];
    expect(await stored()).toHaveLength(1);
    ws.close();
    await eventually(async () => (await stored()).length === 0);
  });

  it('refuses $connect without an access token, with a bad one, or with an ID token', async () => {
    const tutor = await createUser('tutor');
    expect(await upgradeAnswer(socketUrl())).toBe(401);
    expect(await upgradeAnswer(socketUrl('not-a-token'))).toBe(401);
    expect(await upgradeAnswer(socketUrl(tutor.idToken))).toBe(401);
    expect(await upgradeAnswer(socketUrl(tutor.accessToken))).toBe('open');
  });
});
