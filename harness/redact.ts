/** Masks secrets in everything the harness writes: reports, console, curl lines, HAR. */

const secrets = new Set<string>();
export const REDACTED = '<redacted>';
/** Every secret in one pattern, longest first, rebuilt when one is registered: one scan of a text, not one per secret. */
let anySecret: RegExp | undefined;

/** Registers a secret; every later redact() call masks it. Short values are ignored to avoid masking noise. */
export function registerSecret(value: string | undefined | null): void {
  if (value && value.length >= 6 && !secrets.has(value)) {
    secrets.add(value);
    anySecret = undefined;
  }
}

export function registeredSecrets(): string[] {
  return [...secrets];
}

export function redact(text: string): string {
  let out = text;
  if (secrets.size) {
    anySecret ??= new RegExp(
      [...secrets]
        .sort((a, b) => b.length - a.length)
        .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('|'),
      'g',
    );
    out = out.replace(anySecret, REDACTED);
  }
  // Any bearer credential, known or not, e.g. a tampered token built by an auth check.
  out = out.replace(/(Bearer\s+)[A-Za-z0-9\-_.~+/=]+/gi, `$1${REDACTED}`);
  return out;
}

const sensitiveHeaders = new Set(['authorization', 'cookie', 'set-cookie', 'proxy-authorization']);

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    out[k] = sensitiveHeaders.has(k.toLowerCase())
      ? /^bearer /i.test(v)
        ? `Bearer ${REDACTED}`
        : REDACTED
      : redact(v);
  }
  return out;
}

/** Masks secret-looking JSON fields (tokens, keys) even when their values were never registered. */
export function redactJsonText(text: string): string {
  return redact(text).replace(
    /("(?:accessToken|refreshToken|authKey|token|password|secret)"\s*:\s*")[^"]*(")/gi,
    `$1${REDACTED}$2`,
  );
}
