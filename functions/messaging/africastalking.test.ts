import { describe, expect, it } from 'vitest';
import { readSendAnswer } from './africastalking.js';
import { SmsFailure } from './sms.js';

const answer = (recipient: Record<string, unknown>) => JSON.stringify({ SMSMessageData: { Message: 'Sent to 1/1', Recipients: [recipient] } });

describe("reading Africa's Talking's send answer", () => {
  it('201 with statusCode 101 is the only success: the message id and cost', () => {
    expect(readSendAnswer(201, answer({ statusCode: 101, number: '+254711000111', status: 'Success', cost: 'KES 0.8000', messageId: 'ATXid_1' })))
      .toEqual({ messageId: 'ATXid_1', cost: 'KES 0.8000' });
  });

  it.each([
    [102, 'Queued', false], [403, 'InvalidPhoneNumber', false], [405, 'InsufficientBalance', true], [406, 'UserInBlacklist', false],
    [409, 'DoNotDisturbRejection', false], [500, 'InternalServerError', true], [502, 'RejectedByGateway', true],
  ])('statusCode %i is a failure named %s (retryable: %s)', (statusCode, name, retryable) => {
    const read = () => readSendAnswer(201, answer({ statusCode, number: '+254711000111', status: name, cost: '0', messageId: 'None' }));
    expect(read).toThrow(SmsFailure);
    expect(read).toThrow(name);
    try { read(); } catch (error) { expect(error).toMatchObject({ code: statusCode, retryable }); }
  });

  it('a refused key, a bad request and an unreadable answer are failures', () => {
    expect(() => readSendAnswer(401, 'The supplied authentication is invalid')).toThrow('refused the API key');
    expect(() => readSendAnswer(400, "Request is missing required form field 'to'")).toThrow('HTTP 400');
    expect(() => readSendAnswer(201, '<html>')).toThrow('do not understand');
  });
});
