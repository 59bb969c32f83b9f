import { afterEach, describe, expect, it, vi } from 'vitest';
import { providerEnvNames } from './integration-env.js';
import { providerBaseUrl, secretSource } from './secrets.js';

// The SSM client behind the default reader: each GetParameter answers the next value.
const getParameter = vi.hoisted(() => vi.fn());
vi.mock('./aws/ssm.js', () => ({
  ssm: async () => ({
    client: { send: (command: { input: unknown }) => getParameter(command.input) },
    sdk: { GetParameterCommand: class { constructor(readonly input: unknown) {} } },
  }),
}));

describe('a provider secret read by convention from the provider id', () => {
  const video = { providerId: 'bigbluebutton', label: 'BigBlueButton shared secret' };

  it('names the environment after the provider', () => {
    expect(providerEnvNames('paystack')).toEqual({
      baseUrl: 'PAYSTACK_BASE_URL', secretParameter: 'PAYSTACK_SECRET_PARAMETER', secretValue: 'PAYSTACK_SECRET_KEY',
    });
    expect(providerEnvNames('bedrock-runtime').secretParameter).toBe('BEDROCK_RUNTIME_SECRET_PARAMETER');
  });

  it('reads another provider\'s parameter, and says which variable is missing in its own words', async () => {
    const read = vi.fn(async () => 'bbb-secret');
    expect(await secretSource(video, { BIGBLUEBUTTON_SECRET_PARAMETER: '/alp/prod/bigbluebutton/secret-key' }, read)()).toBe('bbb-secret');
    expect(read).toHaveBeenCalledWith('/alp/prod/bigbluebutton/secret-key', { maxAge: 300, forceFetch: false });
    await expect(secretSource(video, { PAYSTACK_SECRET_KEY: 'not this one' }, read)())
      .rejects.toThrow('BigBlueButton shared secret is not configured: set BIGBLUEBUTTON_SECRET_PARAMETER');
  });

  it('takes the base URL from the environment, else the production URL, without a trailing slash', () => {
    expect(providerBaseUrl('bigbluebutton', 'https://bbb.example/bigbluebutton/api/', { BIGBLUEBUTTON_BASE_URL: 'http://127.0.0.1:4020/' }))
      .toBe('http://127.0.0.1:4020');
    expect(providerBaseUrl('bigbluebutton', 'https://bbb.example/bigbluebutton/api/', {})).toBe('https://bbb.example/bigbluebutton/api');
  });
});

describe('a secret kept in SSM Parameter Store', () => {
  const paystack = { providerId: 'paystack', label: 'Paystack secret key' };
  const env = { PAYSTACK_SECRET_PARAMETER: '/alp/prod/paystack/secret-key' };
  afterEach(() => { vi.useRealTimers(); getParameter.mockReset(); });

  it('is read decrypted once, kept five minutes, and read again when forced or expired', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') });
    getParameter.mockResolvedValueOnce({ Parameter: { Value: 'sk_first' } }).mockResolvedValue({ Parameter: { Value: 'sk_rolled' } });
    const secret = secretSource(paystack, env);
    expect(await secret()).toBe('sk_first');
    expect(await secret()).toBe('sk_first');
    expect(getParameter).toHaveBeenCalledTimes(1);
    expect(getParameter).toHaveBeenCalledWith({ Name: '/alp/prod/paystack/secret-key', WithDecryption: true });
    expect(await secret({ forceFetch: true })).toBe('sk_rolled');
    getParameter.mockResolvedValue({ Parameter: { Value: 'sk_third' } });
    vi.advanceTimersByTime(4 * 60_000);
    expect(await secret()).toBe('sk_rolled');
    vi.advanceTimersByTime(60_001);
    expect(await secret()).toBe('sk_third');
    expect(getParameter).toHaveBeenCalledTimes(3);
  });
});
