// A software passkey authenticator for tests: makes "none" attestations and ES256 assertions the
// way a browser's navigator.credentials.create()/get() would return them (JSON form).
import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

/** One credential held by the authenticator. */
export class SoftwarePasskey {
  readonly id = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x ?? '', y: jwk.y ?? '' };
  }

  /** The credential id as the server lists it. */
  get credentialId(): string {
    return b64url(this.id);
  }

  private authenticatorData(rpId: string, flags: number, attested?: Uint8Array): Buffer {
    this.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested !== undefined ? [attested] : [])]);
  }

  /** The JSON a browser returns from navigator.credentials.create() for `options`. */
  register(options: { challenge: string; rp: { id?: string } }, origin: string): Record<string, unknown> {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.id, isoCBOR.encode(cose)]);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = this.authenticatorData(rpId, 0x45, attested);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }));
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
    };
  }

  /** The JSON of navigator.credentials.get() for `options`; `userVerified` false leaves the UV flag off. */
  assert(options: { challenge: string; rpId?: string }, origin: string, { userVerified = true, signWith }: { userVerified?: boolean; signWith?: SoftwarePasskey } = {}): string {
    const rpId = options.rpId ?? new URL(origin).hostname;
    const authData = this.authenticatorData(rpId, userVerified ? 0x05 : 0x01);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }));
    const signature = createSign('sha256')
      .update(Buffer.concat([authData, sha256(clientDataJSON)]))
      .sign((signWith ?? this).privateKey);
    return JSON.stringify({
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature) },
    });
  }
}
