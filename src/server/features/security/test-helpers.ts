/** Test helpers of the account security tests: signing in, TOTP codes, and a software passkey authenticator. */
import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { Secret, TOTP } from 'otpauth';
import type { Harness } from '../../test/harness.js';
import { TEST_PASSWORD } from '../../test/harness.js';

export const b64u = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');

/** POST /api/auth/login as `username` with the test password (optionally from another address or browser). */
export function login(h: Harness, username: string, opts: { password?: string; userAgent?: string; ip?: string } = {}) {
  return h.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { credential: username, password: opts.password ?? TEST_PASSWORD },
    headers: opts.userAgent ? { 'user-agent': opts.userAgent } : {},
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
}

/** The code an authenticator app shows for `secret` at `at` (ms). */
export const totpCode = (secret: string, at = Date.now()) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

/** Waits out the end of a 30-second step when it is less than 3 s away, so a code made now is checked in the same step. */
export async function awayFromStepEdge() {
  const into = Date.now() % 30_000;
  if (into > 27_000) await new Promise((r) => setTimeout(r, 30_000 - into + 50));
}

/**
 * A passkey authenticator in software (ES256, "none" attestation), answering the options our server hands out the way a
 * browser's PublicKeyCredential JSON looks. `counter` is what it will send next; `counting: false` always sends 0.
 */
export class SoftAuthenticator {
  readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = crypto.randomBytes(16);
  userHandle = '';
  counter: number;

  constructor(
    readonly rpId = 'localhost',
    readonly origin = 'http://localhost:3000',
    readonly counting = true,
  ) {
    this.counter = counting ? 1 : 0;
  }

  private authData(flags: number, attested?: Uint8Array) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const parts = [crypto.createHash('sha256').update(this.rpId).digest(), Buffer.from([flags]), count];
    if (attested) parts.push(Buffer.from(attested));
    return Buffer.concat(parts);
  }

  register(options: { challenge: string; user?: { id: string } }, origin = this.origin) {
    this.userHandle = options.user?.id ?? '';
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }));
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x as string, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y as string, 'base64url'))],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(cose)]);
    const authData = this.authData(0x45, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    if (this.counting) this.counter++;
    return this.credential({ clientDataJSON: b64u(clientData), attestationObject: b64u(attestationObject), transports: ['internal'] });
  }

  /** An assertion for `options`; the counter moves on after it when the authenticator counts. */
  assert(options: { challenge: string }, counter = this.counter) {
    this.counter = counter;
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: this.origin, crossOrigin: false }));
    const authData = this.authData(0x05);
    const signature = crypto.sign('sha256', Buffer.concat([authData, crypto.createHash('sha256').update(clientData).digest()]), this.keys.privateKey);
    if (this.counting) this.counter++;
    return this.credential({
      clientDataJSON: b64u(clientData),
      authenticatorData: b64u(authData),
      signature: b64u(signature),
      userHandle: this.userHandle || undefined,
    });
  }

  /** What the browser sends for a new credential and for an assertion alike: this key's id around the response. */
  private credential<R>(response: R) {
    const id = b64u(this.credentialId);
    return { id, rawId: id, type: 'public-key' as const, response, clientExtensionResults: {} };
  }
}
