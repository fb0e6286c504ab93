import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A passkey authenticator in software, for integration tests: an ES256 key made with node:crypto, the attestation
 * object ("none") and authenticator data written byte by byte as WebAuthn Level 2 lays them out, CBOR from the
 * library's own helpers. It answers the server's real options with real signatures, so the server's checks run
 * unchanged; `origin` is where the "browser" says it is, and a test can lie about it.
 */

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED = 0x40;

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const base64url = (data: Uint8Array) => Buffer.from(data).toString("base64url");

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

/** The COSE form (RFC 9053) of a P-256 public key: kty EC2, alg ES256, crv P-256, x and y. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: "jwk" });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
    ]),
  );
}

export interface SoftwarePasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpId: string;
  userHandle: string;
  /** The signature counter it reports next; 0 for an authenticator that keeps none. */
  counter: number;
}

export interface AuthenticatorOptions {
  /** Whether it keeps a signature counter (each use adds one); without, it always reports 0. */
  keepsCounter?: boolean;
  /** Whether it says the person was verified (a PIN, a fingerprint). */
  verifiesUser?: boolean;
}

export function softwareAuthenticator({ keepsCounter = true, verifiesUser = true }: AuthenticatorOptions = {}) {
  const flags = FLAG_USER_PRESENT | (verifiesUser ? FLAG_USER_VERIFIED : 0);
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    /** navigator.credentials.create(): a new key pair (under `credentialId`, random by default) for the options' relying party and user. */
    create(
      options: PublicKeyCredentialCreationOptionsJSON,
      origin: string,
      { credentialId = randomBytes(16) }: { credentialId?: Buffer } = {},
    ): { response: RegistrationResponseJSON; passkey: SoftwarePasskey } {
      const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const passkey: SoftwarePasskey = {
        credentialId,
        privateKey,
        publicKey,
        rpId,
        userHandle: options.user.id,
        counter: keepsCounter ? 1 : 0,
      };
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags | FLAG_ATTESTED]),
        counterBytes(0),
        Buffer.alloc(16),
        idLength,
        credentialId,
        coseKey(publicKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ["fmt", "none"],
          ["attStmt", new Map<string, string>()],
          ["authData", new Uint8Array(authData)],
        ]),
      );
      const response: RegistrationResponseJSON = {
        id: base64url(credentialId),
        rawId: base64url(credentialId),
        type: "public-key",
        clientExtensionResults: { credProps: { rk: true } },
        authenticatorAttachment: "platform",
        response: {
          clientDataJSON: base64url(clientData("webauthn.create", options.challenge, origin)),
          attestationObject: base64url(attestationObject),
          transports: ["internal"],
        },
      };
      return { response, passkey };
    },

    /** navigator.credentials.get() with `passkey`: signs the options' challenge; the counter goes up when it keeps one. */
    get(
      passkey: SoftwarePasskey,
      options: PublicKeyCredentialRequestOptionsJSON,
      origin: string,
      { counter }: { counter?: number } = {},
    ): AuthenticationResponseJSON {
      const reported = counter ?? passkey.counter;
      if (keepsCounter && counter === undefined) passkey.counter += 1;
      const authData = Buffer.concat([sha256(options.rpId ?? passkey.rpId), Buffer.from([flags]), counterBytes(reported)]);
      const clientDataJSON = clientData("webauthn.get", options.challenge, origin);
      const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
      return {
        id: base64url(passkey.credentialId),
        rawId: base64url(passkey.credentialId),
        type: "public-key",
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
        response: {
          clientDataJSON: base64url(clientDataJSON),
          authenticatorData: base64url(authData),
          signature: base64url(signature),
          userHandle: passkey.userHandle,
        },
      };
    },
  };
}
