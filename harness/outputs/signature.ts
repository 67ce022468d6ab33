import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../core/errors.js';
import { MANIFEST, manifestText, SIGNATURE } from './manifest.js';

/**
 * The bundle's detached signature: Ed25519 (node:crypto) over the manifest of every file as they
 * are (each file's sha256 and name), so one byte changed anywhere, the manifest regenerated or not,
 * breaks it. What it proves: the bundle is as the holder of the key wrote it. What it does not: that
 * the target was what the certificate names, or that the harness that ran was unmodified.
 */

/** The domain of the signed bytes: a signature of this harness's bundle is not one of anything else. */
const DOMAIN = 'partner-conformance bundle signature v1\n';

const signedBytes = (manifest: string) => Buffer.from(`${DOMAIN}${manifest}`, 'utf8');

export interface SignatureFile {
  algorithm: 'Ed25519';
  /** What the signature covers: the manifest, which lists every other file of the bundle with its sha256. */
  covers: typeof MANIFEST;
  /** `SHA256:<base64>` of the public key (DER SubjectPublicKeyInfo), as `verify --key` compares it. */
  publicKeyFingerprint: string;
  /** base64. */
  signature: string;
}

function keyError(file: string, what: string, err?: unknown): never {
  throw new ConfigError(
    `${file}: ${what}${err instanceof Error ? ` (${err.message})` : ''}; make a pair with partner-conformance keygen`,
  );
}

/** The Ed25519 private key of SIGN_KEY; anything else is a usage error (exit 2) before the run starts. */
export function loadPrivateKey(file: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(readFileSync(file));
  } catch (err) {
    keyError(file, 'not a private key in PEM', err);
  }
  if (key.asymmetricKeyType !== 'ed25519') keyError(file, `an ${key.asymmetricKeyType} key, not Ed25519`);
  return key;
}

/** The public key `verify --key` checks with (a private key's public half is accepted too). */
export function loadPublicKey(file: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey(readFileSync(file));
  } catch (err) {
    keyError(file, 'not a public key in PEM', err);
  }
  if (key.asymmetricKeyType !== 'ed25519') keyError(file, `an ${key.asymmetricKeyType} key, not Ed25519`);
  return key;
}

export function fingerprint(key: KeyObject): string {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  const der = pub.export({ type: 'spki', format: 'der' });
  return `SHA256:${createHash('sha256').update(der).digest('base64').replace(/=+$/, '')}`;
}

/** Signs the bundle in `dir` as its files are now (its manifest already written); returns the key's fingerprint. */
export function signBundle(dir: string, key: KeyObject): string {
  const file: SignatureFile = {
    algorithm: 'Ed25519',
    covers: MANIFEST,
    publicKeyFingerprint: fingerprint(key),
    signature: sign(null, signedBytes(manifestText(dir)), key).toString('base64'),
  };
  writeFileSync(join(dir, SIGNATURE), `${JSON.stringify(file, null, 2)}\n`);
  return file.publicKeyFingerprint;
}

export interface SignatureCheck {
  ok: boolean;
  /** The fingerprint the signature file names, when it names one. */
  signedBy?: string;
  problems: string[];
}

function readSignature(dir: string): SignatureFile | string {
  const path = join(dir, SIGNATURE);
  if (!existsSync(path)) return `not signed: no ${SIGNATURE} (sign a run with --sign-key or SIGN_KEY)`;
  try {
    const s = JSON.parse(readFileSync(path, 'utf8')) as Partial<SignatureFile>;
    if (s.algorithm !== 'Ed25519' || typeof s.signature !== 'string' || typeof s.publicKeyFingerprint !== 'string')
      return `malformed: ${SIGNATURE}`;
    return s as SignatureFile;
  } catch {
    return `malformed: ${SIGNATURE} is not JSON`;
  }
}

/** Who signed the bundle, without checking: the fingerprint its signature file names. */
export function signedBy(dir: string): string | undefined {
  const s = readSignature(dir);
  return typeof s === 'string' ? undefined : s.publicKeyFingerprint;
}

/**
 * Checks the signature with `key` over the bundle's files as they are on disk (not as its manifest
 * says they are): an edited file fails whether or not the manifest was regenerated after it.
 */
export function verifySignature(dir: string, key: KeyObject): SignatureCheck {
  const s = readSignature(dir);
  if (typeof s === 'string') return { ok: false, problems: [s] };
  const expected = fingerprint(key);
  if (s.publicKeyFingerprint !== expected)
    return {
      ok: false,
      signedBy: s.publicKeyFingerprint,
      problems: [`signed by another key: ${s.publicKeyFingerprint}, not ${expected}`],
    };
  const good = verify(null, signedBytes(manifestText(dir)), key, Buffer.from(s.signature, 'base64'));
  return good
    ? { ok: true, signedBy: expected, problems: [] }
    : {
        ok: false,
        signedBy: expected,
        problems: [`bad signature: the files are not those ${expected} signed (a file or the manifest was changed)`],
      };
}

/** A new Ed25519 key pair, as PEM: the private key (PKCS#8) signs, the public key (SPKI) verifies. */
export function generateSigningKeys(): { privatePem: string; publicPem: string; fingerprint: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    fingerprint: fingerprint(publicKey),
  };
}
