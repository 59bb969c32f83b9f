/**
 * The Lambda benchmark's yardstick: a handler that imports only the DynamoDB document
 * client, created on first use as functions/shared/aws does. Never deployed.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

let client: DynamoDBDocumentClient | undefined;

export const handler = async (): Promise<unknown> => {
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient({}));
  return client.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { PK: 'baseline', SK: 'baseline' } }));
};
