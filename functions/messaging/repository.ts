/** Messaging's items (keys.ts): delivery reports, by provider message id. */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { deliveryPartition, deliveryReportKey, DeliveryReportItem, type MessagingProvider } from './keys.js';

/** Stores the report unless the same status of the same message is already stored; true when stored. */
export async function putDeliveryReportOnce(report: DeliveryReportItem): Promise<boolean> {
  try {
    await dynamo().send(new PutCommand({
      TableName: config.tableName,
      Item: { ...deliveryReportKey(report.provider, report.messageId, report.status), ...report },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** Every report of one message (a handful at most), in status order. */
export async function deliveryReports(provider: MessagingProvider, messageId: string): Promise<DeliveryReportItem[]> {
  const { Items = [] } = await dynamo().send(new QueryCommand({
    TableName: config.tableName,
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': deliveryPartition(provider, messageId) },
  }));
  return Items.map((item) => DeliveryReportItem.parse(item));
}
