import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { ConfigError } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { commandLine } from '../core/invocation.js';
import { generateSigningKeys } from '../outputs/signature.js';

/**
 * `partner-conformance keygen [-o prefix]`: an Ed25519 key pair for signing bundles. The same as
 * `openssl genpkey -algorithm ed25519 -out key.pem && openssl pkey -in key.pem -pubout -out key.pub.pem`.
 * The private key stays with whoever certifies; the public key goes to whoever verifies.
 */
export function keygenCommand(o: { prefix: string; force?: boolean }): number {
  const priv = `${o.prefix}.pem`;
  const pub = `${o.prefix}.pub.pem`;
  for (const f of [priv, pub])
    if (existsSync(f) && !o.force) throw new ConfigError(`${f} exists; keep it, or pass --force to replace it`);
  const keys = generateSigningKeys();
  writeFileSync(priv, keys.privatePem, { mode: 0o600 });
  chmodSync(priv, 0o600);
  writeFileSync(pub, keys.publicPem);
  console.log(`Private key: ${priv} (keep it secret: SIGN_KEY=${priv} ${commandLine('run')} signs the bundle)`);
  console.log(
    `Public key:  ${pub} (give it to reviewers: ${commandLine('verify', `reports/certification --key ${pub}`)})`,
  );
  console.log(`Fingerprint: ${keys.fingerprint}`);
  return EXIT.ok;
}
