/**
 * A software authenticator for the tests and the bench (bench/authorisations.ts): a P-256 key per credential (node:crypto), real `none`
 * attestations (a CBOR attestationObject whose authData holds the rpIdHash, the flags, the counter
 * and the attested credential data with a COSE key) and real assertions (ES256 over
 * authenticatorData ‖ SHA-256(clientDataJSON)), as a platform authenticator makes them. Every field
 * can be made wrong on purpose, so the tests can send what a hostile app would.
 * test/passkey-authenticator.test.ts checks it against @simplewebauthn/server.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

type CborValue = number | string | Uint8Array | CborValue[] | Map<CborValue, CborValue>;

/** The CBOR head of major type `major` with argument `value`. */
function cborHead(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(value, 1);
  return head;
}

/** A minimal CBOR encoder (RFC 8949): integers, text, bytes, arrays and maps, which is all WebAuthn's structures use. */
export function cbor(value: CborValue): Buffer {
  if (typeof value === "number") return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([cborHead(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([cborHead(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString("base64url");

/** The authenticator data's flags: user present, user verified, backup eligible, backed up, attested data. */
export const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

/** What a test may change in what the authenticator answers. */
export type Tamper = {
  origin?: string;
  rpId?: string;
  challenge?: string;
  type?: string;
  /** Flags besides AT; default UP | UV. */
  flags?: number;
  /** The counter to report instead of the next one. */
  signCount?: number;
  /** An attestation statement format other than none (with an empty statement). */
  fmt?: string;
};

type Credential = {
  id: Buffer;
  privateKey: KeyObject;
  cose: Buffer;
  rpId: string;
  userHandle: string;
  signCount: number;
};

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string };

export class PasskeyAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(
    /** The origin the client data names: a web origin, or android:apk-key-hash:… */
    readonly origin = "https://app.example.com",
    /** Whether to count signatures (false: the counter stays 0, as many synced passkeys do). */
    readonly counts = true,
  ) {}

  /** A new credential for `options` (PublicKeyCredentialCreationOptionsJSON), as RegistrationResponseJSON. */
  create(options: CreationOptions, tamper: Tamper = {}) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = cbor(
      new Map<CborValue, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x as string, "base64url")],
        [-3, Buffer.from(jwk.y as string, "base64url")],
      ]),
    );
    const rpId = options.rp.id as string;
    const credential: Credential = {
      id: randomBytes(32),
      privateKey,
      cose,
      rpId,
      userHandle: options.user.id,
      signCount: 0,
    };
    this.credentials.push(credential);
    return this.attestation(credential, options.challenge, tamper);
  }

  /** The registration response for `credential` (again, as a replay or with other tampering). */
  attestation(credential: Credential, challenge: string, tamper: Tamper = {}) {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credential.id, credential.cose]);
    const authData = this.authData(
      tamper.rpId ?? credential.rpId,
      (tamper.flags ?? FLAGS.UP | FLAGS.UV) | FLAGS.AT,
      tamper.signCount ?? 0,
      attested,
    );
    const clientDataJSON = this.clientData("webauthn.create", challenge, tamper);
    const attestationObject = cbor(
      new Map<CborValue, CborValue>([
        ["fmt", tamper.fmt ?? "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ["internal" as const, "hybrid" as const],
      },
    };
  }

  /** An assertion by `credential` (the first one by default) for `options` (PublicKeyCredentialRequestOptionsJSON). */
  get(options: RequestOptions, tamper: Tamper = {}, credential = this.credentials[0]) {
    if (this.counts) credential.signCount += 1;
    const authData = this.authData(
      tamper.rpId ?? credential.rpId,
      tamper.flags ?? FLAGS.UP | FLAGS.UV,
      tamper.signCount ?? credential.signCount,
    );
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, tamper);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    };
  }

  private authData(rpId: string, flags: number, signCount: number, attested = Buffer.alloc(0)): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(signCount);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, attested]);
  }

  private clientData(type: string, challenge: string, tamper: Tamper): Buffer {
    return Buffer.from(
      JSON.stringify({
        type: tamper.type ?? type,
        challenge: tamper.challenge ?? challenge,
        origin: tamper.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }
}
