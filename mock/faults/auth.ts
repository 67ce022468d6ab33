import type { FaultDef } from './fault.js';

/** Realistic authentication regressions (§5.1, §5.2), each breaking one rule; applied in mock/server.ts. */
export const authFaults = {
  'auth-missing-token-accepted': { clause: 'AUTH-TOKEN-REQUIRED', description: 'A request without an Authorization header is served as the default partner (a debug bypass left on).' },
  'auth-malformed-token-accepted': { clause: 'AUTH-MALFORMED-TOKEN-REJECTED', description: 'A bearer value that is not a JWT is taken for a legacy API key and accepted.' },
  'auth-signature-not-verified': { clause: 'AUTH-BAD-SIGNATURE-REJECTED', description: 'The JWT is decoded without verifying its signature.' },
  'auth-expiry-not-checked': { clause: 'AUTH-EXPIRED-TOKEN-REJECTED', description: 'The JWT exp claim is not checked, so expired tokens work.' },
  'auth-json-charset-rejected': { clause: 'AUTH-JSON-BODIES', description: 'Content-Type is compared verbatim: application/json; charset=utf-8 gets 415.' },
} as const satisfies Record<string, FaultDef>;
