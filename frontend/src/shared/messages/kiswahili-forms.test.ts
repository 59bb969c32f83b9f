import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { i18n } from '@lingui/core';
import { messages, SignUpRequest } from '@functions/auth/contract';
import { zodMessagesIn } from '@functions/shared/zod-messages';
import { installZodMessages, translate, zodConfig } from './kiswahili-forms';

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
const speak = (locale: 'en' | 'sw') => i18n.loadAndActivate({ locale, messages: {} });

describe("the SPA's form messages follow its language", () => {
  // As server-messages.ts installs them when the SPA first shows a form in Kiswahili.
  beforeAll(() => installZodMessages(i18n));
  afterAll(() => {
    z.config({ customError: undefined });
    speak('en');
  });
  const country = SignUpRequest.shape.country;
  const longCountry = 'K'.repeat(61);

  it('sets the very config z.config() keeps (a zod upgrade that moves it fails here)', () => {
    expect(zodConfig()).toBe(z.config());
    expect(z.config().customError).toBeTypeOf('function');
  });

  it("in Kiswahili, zod's own messages are the API's Kiswahili ones", () => {
    speak('sw');
    const expected = country.safeParse(longCountry, zodMessagesIn('sw')).error?.issues[0]?.message;
    expect(expected).toBe('Ni kubwa mno: inapaswa kuwa herufi 60 au chini');
    expect(firstMessage(country, longCountry)).toBe(expected);
    expect(firstMessage(z.object({ n: z.number() }), {})).toBe('Inahitajika: weka namba');
  });

  it("a contract's own message stays, and the server's catalog translates it where it is shown", () => {
    speak('sw');
    expect(firstMessage(SignUpRequest.shape.password, 'short')).toBe(messages.passwordTooShort);
    expect(translate(messages.passwordTooShort)).not.toBe(messages.passwordTooShort);
    expect(translate('First name is required')).toBe('Jina la kwanza linahitajika');
  });

  it("in English, zod's English messages come back", () => {
    speak('en');
    expect(firstMessage(country, longCountry)).toBe('Too big: expected string to have <=60 characters');
  });
});
