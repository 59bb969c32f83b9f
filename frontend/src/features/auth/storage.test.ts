import { describe, expect, it } from 'vitest';
import { clearStoredAuth, EXPIRY_MARGIN_MS, freshStoredSession, hasStoredSession, type KeyValueStore } from './storage';

class FakeStorage implements KeyValueStore {
  private readonly map = new Map<string, string>();
  constructor(entries: Record<string, string> = {}) {
    for (const [k, v] of Object.entries(entries)) this.map.set(k, v);
  }
  get length() {
    return this.map.size;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  keys() {
    return [...this.map.keys()];
  }
}

const CLIENT = '5abc123def';
const signedIn = {
  [`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`]: 'a1b2-c3',
  [`CognitoIdentityServiceProvider.${CLIENT}.a1b2-c3.accessToken`]: 'eyJ…',
  [`CognitoIdentityServiceProvider.${CLIENT}.a1b2-c3.refreshToken`]: 'eyJ…',
  'amplify-signin-with-hostedUI': 'false',
  theme: 'dark',
};

describe('hasStoredSession', () => {
  it("finds Amplify's LastAuthUser key", () => {
    expect(hasStoredSession(new FakeStorage(signedIn))).toBe(true);
  });

  it('is false for an empty store, no store, or unrelated keys', () => {
    expect(hasStoredSession(new FakeStorage())).toBe(false);
    expect(hasStoredSession(undefined)).toBe(false);
    expect(hasStoredSession(new FakeStorage({ theme: 'dark', 'CognitoIdentityServiceProvider.x.u.idToken': 't' }))).toBe(false);
  });

  it('ignores an empty LastAuthUser value and look-alike keys', () => {
    expect(hasStoredSession(new FakeStorage({ [`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`]: '' }))).toBe(false);
    expect(hasStoredSession(new FakeStorage({ 'CognitoIdentityServiceProvider.LastAuthUser': 'u' }))).toBe(false);
    expect(hasStoredSession(new FakeStorage({ [`x.CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`]: 'u' }))).toBe(false);
  });

  it('treats a throwing storage as signed out', () => {
    const broken: KeyValueStore = {
      get length(): number {
        throw new Error('SecurityError');
      },
      key: () => null,
      getItem: () => null,
      removeItem: () => undefined,
    };
    expect(hasStoredSession(broken)).toBe(false);
  });
});

describe('clearStoredAuth ("Clear Auth & Refresh")', () => {
  it('removes every Cognito and amplify key and nothing else', () => {
    const store = new FakeStorage(signedIn);
    const removed = clearStoredAuth(store);
    expect(removed).toHaveLength(4);
    expect(store.keys()).toEqual(['theme']);
    expect(hasStoredSession(store)).toBe(false);
  });

  it('copes with no storage', () => {
    expect(clearStoredAuth(undefined)).toEqual([]);
  });
});

describe('freshStoredSession (a returning user without loading Amplify)', () => {
  const NOW = Date.UTC(2026, 10, 23, 12);
  const seconds = (ms: number) => Math.floor(ms / 1000);
  const base64url = (text: string) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const jwt = (claims: Record<string, unknown>) => `h.${base64url(JSON.stringify(claims))}.sig`;
  const prefix = `CognitoIdentityServiceProvider.${CLIENT}.a1b2-c3`;
  const stored = (accessExp: number, idExp = accessExp, extra: Record<string, string> = {}) =>
    new FakeStorage({
      [`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`]: 'a1b2-c3',
      [`${prefix}.accessToken`]: jwt({ sub: 'a1b2-c3', token_use: 'access', exp: seconds(accessExp) }),
      [`${prefix}.idToken`]: jwt({ sub: 'a1b2-c3', email: 'wanjiku@example.ke', name: 'Wanjikũ', exp: seconds(idExp) }),
      [`${prefix}.refreshToken`]: 'opaque',
      ...extra,
    });

  it('reads the user and access token while both tokens are unexpired', () => {
    const store = stored(NOW + 3_600_000);
    expect(freshStoredSession(store, NOW)).toEqual({
      userId: 'a1b2-c3',
      email: 'wanjiku@example.ke',
      accessToken: store.getItem(`${prefix}.accessToken`),
    });
  });

  it('leaves an expired or nearly expired token to Amplify (refresh)', () => {
    expect(freshStoredSession(stored(NOW - 1000), NOW)).toBeNull();
    expect(freshStoredSession(stored(NOW + EXPIRY_MARGIN_MS - 1000), NOW)).toBeNull();
    expect(freshStoredSession(stored(NOW + 3_600_000, NOW - 1000), NOW)).toBeNull();
  });

  it("allows for the clock drift Amplify measured at sign-in", () => {
    const exp = NOW + 10 * 60_000;
    expect(freshStoredSession(stored(exp, exp, { [`${prefix}.clockDrift`]: '-900000' }), NOW)).not.toBeNull();
    expect(freshStoredSession(stored(exp, exp, { [`${prefix}.clockDrift`]: String(10 * 60_000) }), NOW)).toBeNull();
  });

  it('is null when signed out, when tokens are missing or malformed, or when two app clients left users', () => {
    expect(freshStoredSession(new FakeStorage(), NOW)).toBeNull();
    expect(freshStoredSession(undefined, NOW)).toBeNull();
    expect(freshStoredSession(new FakeStorage(signedIn), NOW)).toBeNull();
    const twoClients = stored(NOW + 3_600_000, NOW + 3_600_000, { 'CognitoIdentityServiceProvider.other.LastAuthUser': 'x' });
    expect(freshStoredSession(twoClients, NOW)).toBeNull();
  });
});
