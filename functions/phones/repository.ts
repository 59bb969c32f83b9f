/** Verified phone numbers (keys.ts): read by every feature that sends to or charges a phone. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { phoneOwnerKey, PhoneOwnerItem, verifiedPhoneKey, VerifiedPhoneItem } from './keys.js';

/** The account's verified number (2547XXXXXXXX), or undefined when it has none. */
export async function verifiedPhoneOf(userId: string): Promise<VerifiedPhoneItem | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: verifiedPhoneKey(userId) }));
  return Item ? VerifiedPhoneItem.parse(Item) : undefined;
}

/** The account a number is verified on, or undefined; `phone` as normalizeKenyanMobile writes it. */
export async function ownerOfPhone(phone: string): Promise<PhoneOwnerItem | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: phoneOwnerKey(phone) }));
  return Item ? PhoneOwnerItem.parse(Item) : undefined;
}
