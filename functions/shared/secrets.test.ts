import { describe, expect, it, vi } from 'vitest';
import { providerEnvNames } from './integration-env.js';
import { providerBaseUrl, secretSource } from './secrets.js';

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
