import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const config = {
  environment: 'local',
  region: 'us-east-1',
  userPoolId: 'us-east-1_x',
  userPoolClientId: 'c',
  authFlowType: 'USER_PASSWORD_AUTH',
  supportPhone: '+254 700 000 000',
};

describe('loadRuntimeConfig', () => {
  it('fetches /config.json once and shares the result', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(config), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { loadRuntimeConfig } = await import('./runtime-config');
    const [a, b] = await Promise.all([loadRuntimeConfig(), loadRuntimeConfig()]);
    expect(a).toEqual(config);
    expect(b).toBe(a);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failure instead of caching it', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response('bad gateway', { status: 502 }))
      .mockResolvedValueOnce(new Response(JSON.stringify(config), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { loadRuntimeConfig } = await import('./runtime-config');
    await expect(loadRuntimeConfig()).rejects.toThrow('config.json: HTTP 502');
    await expect(loadRuntimeConfig()).resolves.toEqual(config);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
