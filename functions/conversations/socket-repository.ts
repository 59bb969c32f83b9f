/** The only code that reads or writes open-connection items (socket-keys.ts). */
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { ConnectionItem, connectionItem, connectionKey, socketsPartition } from './socket-keys.js';

const table = () => config.tableName;

export async function putConnection(ownerId: string, connection: ConnectionItem, now: Date): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: table(), Item: connectionItem(ownerId, connection, Math.floor(now.getTime() / 1000)) }));
}

export async function deleteConnection(ownerId: string, connectionId: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: table(), Key: connectionKey(ownerId, connectionId) }));
}

/** The owner's open connections (TTL deletion lags: expired items are left out here). */
export async function connectionsOf(ownerId: string, now: Date): Promise<ConnectionItem[]> {
  const out = await dynamo().send(new QueryCommand({
    TableName: table(),
    KeyConditionExpression: 'pk = :p',
    FilterExpression: 'expiresAt > :now',
    ExpressionAttributeValues: { ':p': socketsPartition(ownerId), ':now': Math.floor(now.getTime() / 1000) },
  }));
  return (out.Items ?? []).map((i) => ConnectionItem.parse(i));
}
