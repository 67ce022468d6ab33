import type { Cause } from './outcome.js';

/** Errors that decide a check's verdict or the run's exit code. */

/** Bad configuration or usage: one line for the user, exit code 2. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The target could not be reached or did not answer in time, after any retries. */
export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * A check could not decide its clause (a failed precondition, nothing to judge, an answer that
 * cannot be judged); `why` is its typed cause (no evidence unless said).
 */
export class InconclusiveError extends Error {
  override name = 'InconclusiveError';
  readonly why: Cause;
  constructor(message: string, why?: Cause) {
    super(message);
    this.why = why ?? { kind: 'no-evidence', message };
  }
}

/**
 * A request the spec does not show (a body, a parameter name: the profile's guess) was refused, after
 * negotiation where the harness can negotiate. The clause was not judged: neither a pass nor the
 * target's fault. `profileKey` names the CONFORMANCE_PROFILE key that would let it run.
 */
export class GuessRefusedError extends InconclusiveError {
  override name = 'GuessRefusedError';
  constructor(
    readonly profileKey: string,
    message: string,
  ) {
    super(message, { kind: 'guess-refused', message, profileKey });
  }
}

/** A check does not apply to this target or mode; the reason goes to the report (not applicable unless said). */
export class SkipError extends Error {
  override name = 'SkipError';
  readonly why: Cause;
  constructor(message: string, why?: Cause) {
    super(message);
    this.why = why ?? { kind: 'not-applicable', message };
  }
}

/** Response header through which the pacing proxy reports a transport failure to workers. */
export const TRANSPORT_ERROR_HEADER = 'x-conformance-transport-error';
/** Response header through which the pacing proxy reports how often it retried. */
export const RETRIES_HEADER = 'x-conformance-retries';
