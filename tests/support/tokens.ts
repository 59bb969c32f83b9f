/**
 * Tokens signed with the emulator's own Cognito key, so tests can present a correctly signed
 * token that is expired (or otherwise wrong) and prove each check on its own. The key ships
 * inside moto without its primes, which Node's JWK import needs, so it is signed the way moto
 * signs: with joserfc in the project's .venv.
 */
import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { execFile } from 'node:child_process';
import { join } from 'node:path';

const SIGN_WITH_EMULATOR_KEY = `
import json, sys
from joserfc import jwk, jwt
from moto.utilities.utils import load_resource
key = jwk.RSAKey.import_key(load_resource("cognitoidp/resources/jwks-private.json"))
print(jwt.encode({"alg": "RS256", "kid": "dummy"}, json.loads(sys.stdin.read()), key))
`;

/**
 * Asynchronous on purpose: python starting moto's modules takes seconds on a busy machine, and a
 * synchronous wait would freeze the test's event loop while the gateway closes the idle keep-alive
 * socket (5 s); the next request would then be sent on a closed socket ("other side closed").
 */
export async function signToken(payload: Record<string, unknown>, key?: KeyObject): Promise<string> {
  if (!key) {
    return new Promise((resolve, reject) => {
      const child = execFile(join(process.cwd(), '.venv', 'bin', 'python'), ['-c', SIGN_WITH_EMULATOR_KEY], (error, stdout) => {
        if (error) reject(error);
        else resolve(stdout.trim());
      });
      child.stdin?.end(JSON.stringify(payload));
    });
  }
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const input = `${enc({ alg: 'RS256', typ: 'JWT', kid: 'dummy' })}.${enc(payload)}`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(key).toString('base64url')}`;
}

export const foreignKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
