/**
 * Verified phone numbers (keys.ts): read by every feature that sends to or charges a phone;
 * written only here, by phone verification (service.ts).
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../shared/aws/dynamo.js';
import { config } from '../shared/config.js';
import { cancellationCodes, transactWrite } from '../shared/transact.js';
import {
  phoneCodeKey, PhoneCodeItem, phoneOwnerKey, PhoneOwnerItem, verifiedPhoneKey, VerifiedPhoneItem,
} from './keys.js';
import { MAX_CODE_TRIES } from './rules.js';

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

export async function phoneCodeOf(userId: string): Promise<PhoneCodeItem | undefined> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: config.tableName, Key: phoneCodeKey(userId), ConsistentRead: true }));
  return Item ? PhoneCodeItem.parse(Item) : undefined;
}

/** Stores the account's new code, replacing any earlier one (its tries start over). */
export async function putPhoneCode(item: PhoneCodeItem): Promise<void> {
  await dynamo().send(new PutCommand({ TableName: config.tableName, Item: { ...phoneCodeKey(item.userId), ...PhoneCodeItem.parse(item) } }));
}

/** Removes the code `codeHash` names (not a newer one asked for meanwhile). */
export async function deletePhoneCode(userId: string, codeHash?: string): Promise<void> {
  try {
    await dynamo().send(new DeleteCommand({
      TableName: config.tableName, Key: phoneCodeKey(userId),
      ...(codeHash ? { ConditionExpression: 'codeHash = :hash', ExpressionAttributeValues: { ':hash': codeHash } } : {}),
    }));
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/**
 * Counts one wrong try of the code `codeHash` names; the tries it has left afterwards (0: locked).
 * Counted in the table, not in memory, so guesses sent in parallel are each counted.
 */
export async function countWrongTry(userId: string, codeHash: string): Promise<number> {
  try {
    const { Attributes } = await dynamo().send(new UpdateCommand({
      TableName: config.tableName, Key: phoneCodeKey(userId),
      UpdateExpression: 'ADD wrongTries :one',
      ConditionExpression: 'codeHash = :hash AND wrongTries < :max',
      ExpressionAttributeValues: { ':one': 1, ':hash': codeHash, ':max': MAX_CODE_TRIES },
      ReturnValues: 'ALL_NEW',
    }));
    return MAX_CODE_TRIES - PhoneCodeItem.parse(Attributes).wrongTries;
  } catch (error) {
    // Locked meanwhile, or replaced by a new code: either way this guess is spent.
    if ((error as Error).name === 'ConditionalCheckFailedException') return 0;
    throw error;
  }
}

export class PhoneTaken extends Error {}
export class CodeGone extends Error {}

/**
 * Confirms the code `code` names in one transaction: the account's verified number and the
 * number's owner item are written, the owner item of the number it replaces (if any) removed, the
 * code deleted. Refused with {@link PhoneTaken} when another account holds the number, with
 * {@link CodeGone} when the code was replaced, locked or confirmed meanwhile. `staleOwner`: an
 * account whose owner item still names the number though the account no longer has it verified
 * (the account was deleted); its owner item is taken over.
 */
export async function confirmPhone(code: PhoneCodeItem, verifiedAt: string, previous?: VerifiedPhoneItem, staleOwner?: string): Promise<VerifiedPhoneItem> {
  const verified: VerifiedPhoneItem = { userId: code.userId, phone: code.phone, verifiedAt };
  const replaced = previous && previous.phone !== code.phone ? previous : undefined;
  try {
    await transactWrite({
      TransactItems: [
        {
          Delete: {
            TableName: config.tableName, Key: phoneCodeKey(code.userId),
            ConditionExpression: 'codeHash = :hash AND wrongTries < :max',
            ExpressionAttributeValues: { ':hash': code.codeHash, ':max': MAX_CODE_TRIES },
          },
        },
        {
          Put: {
            TableName: config.tableName,
            Item: { ...phoneOwnerKey(code.phone), ...PhoneOwnerItem.parse({ userId: code.userId, phone: code.phone }) },
            ConditionExpression: 'attribute_not_exists(pk) OR userId = :me OR userId = :stale',
            ExpressionAttributeValues: { ':me': code.userId, ':stale': staleOwner ?? code.userId },
          },
        },
        { Put: { TableName: config.tableName, Item: { ...verifiedPhoneKey(code.userId), ...verified } } },
        ...(replaced ? [{
          Delete: {
            TableName: config.tableName, Key: phoneOwnerKey(replaced.phone),
            ConditionExpression: 'attribute_not_exists(pk) OR userId = :me',
            ExpressionAttributeValues: { ':me': code.userId },
          },
        }] : []),
      ],
    });
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes[1] === 'ConditionalCheckFailed') throw new PhoneTaken();
    if (codes[0] === 'ConditionalCheckFailed') throw new CodeGone();
    throw error;
  }
  return verified;
}

/** Removes the account's verified number and its owner item together; nothing when it has none. */
export async function removeVerifiedPhone(userId: string): Promise<VerifiedPhoneItem | undefined> {
  const current = await verifiedPhoneOf(userId);
  if (!current) return undefined;
  try {
    await transactWrite({
      TransactItems: [
        {
          Delete: {
            TableName: config.tableName, Key: verifiedPhoneKey(userId),
            ConditionExpression: 'phone = :phone', ExpressionAttributeValues: { ':phone': current.phone },
          },
        },
        {
          Delete: {
            TableName: config.tableName, Key: phoneOwnerKey(current.phone),
            ConditionExpression: 'attribute_not_exists(pk) OR userId = :me', ExpressionAttributeValues: { ':me': userId },
          },
        },
      ],
    });
  } catch (error) {
    // Changed or removed meanwhile (another tab): what the caller wanted gone is gone or replaced.
    if (cancellationCodes(error).includes('ConditionalCheckFailed')) return undefined;
    throw error;
  }
  return current;
}
