/**
 * The DynamoDB document client, created once per Lambda container. Locally
 * `AWS_ENDPOINT_URL_DYNAMODB` (read by the SDK itself) points it at DynamoDB Local.
 * One module per AWS client, so a function loads only the SDK packages it calls.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { traceClient } from '../tracer.js';

let client: DynamoDBDocumentClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(traceClient(new DynamoDBClient({})), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return client;
}
