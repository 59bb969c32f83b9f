/**
 * SDK clients, created once per Lambda container, each traced (`traceClient`: X-Ray subsegments
 * on AWS, nothing locally). `AWS_ENDPOINT_URL` (read by the SDK itself) points them at the
 * emulator locally; on AWS it is unset.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { traceClient } from './tracer.js';

const usesEmulator = Boolean(process.env.AWS_ENDPOINT_URL);

let ddb: DynamoDBDocumentClient | undefined;
export function dynamo(): DynamoDBDocumentClient {
  ddb ??= DynamoDBDocumentClient.from(traceClient(new DynamoDBClient({})), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return ddb;
}

let cognito: CognitoIdentityProviderClient | undefined;
export function cognitoClient(): CognitoIdentityProviderClient {
  cognito ??= traceClient(new CognitoIdentityProviderClient({}));
  return cognito;
}

let s3: S3Client | undefined;
export function s3Client(): S3Client {
  // Emulators serve buckets by path, not by virtual host.
  s3 ??= traceClient(new S3Client({ forcePathStyle: usesEmulator }));
  return s3;
}

let events: EventBridgeClient | undefined;
export function eventBridge(): EventBridgeClient {
  events ??= traceClient(new EventBridgeClient({}));
  return events;
}

let ses: SESv2Client | undefined;
export function sesClient(): SESv2Client {
  ses ??= traceClient(new SESv2Client({}));
  return ses;
}
