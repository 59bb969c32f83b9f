import { describe, expect, it } from 'vitest';
import { groupedSecret, totpCodeFrom, totpSetupUri, twoStepProblem } from './two-step';

describe('totpSetupUri', () => {
  it('encodes issuer and account so every authenticator app reads them', () => {
    expect(totpSetupUri('jbswy3dp', 'a@b.test')).toContain('secret=JBSWY3DP&');
    const uri = totpSetupUri('JBSWY3DPEHPK3PXP', 'ada+admin@example.com');
    expect(uri).toBe(
      "otpauth://totp/Africa's%20Learning%20Platform:ada%2Badmin%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Africa's%20Learning%20Platform",
    );
    const parsed = new URL(uri);
    expect(parsed.searchParams.get('issuer')).toBe("Africa's Learning Platform");
    expect(parsed.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
  });
});

describe('code field', () => {
  it('takes exactly six digits, ignoring spaces and dashes', () => {
    expect(totpCodeFrom('123456')).toBe('123456');
    expect(totpCodeFrom(' 123 456 ')).toBe('123456');
    expect(totpCodeFrom('123-456')).toBe('123456');
    expect(totpCodeFrom('12345')).toBeNull();
    expect(totpCodeFrom('1234567')).toBeNull();
    expect(totpCodeFrom('12345a')).toBeNull();
  });

  it('groups the secret by four for typing', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXPQ')).toBe('JBSW Y3DP EHPK 3PXP Q');
    expect(groupedSecret('asdfasdfasdf')).toBe('ASDF ASDF ASDF');
  });

  it('says what went wrong in the user\'s words', () => {
    const error = (name: string) => Object.assign(new Error('MFA Code Mismatch'), { name });
    expect(twoStepProblem(error('CodeMismatchException'))).toBe('twoStep.wrongCode');
    expect(twoStepProblem(error('NotAuthorizedException'))).toBe('twoStep.expired');
    expect(twoStepProblem(error('Boom'))).toBeNull();
  });
});
