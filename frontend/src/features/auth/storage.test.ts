import { describe, expect, it } from 'vitest';
import { clearStoredAuth, hasStoredSession, type KeyValueStore } from './storage';

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
