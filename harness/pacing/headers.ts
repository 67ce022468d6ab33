/** Request headers between the harness's clients and its pacing proxy; the proxy never forwards them. */

/** Names the check a request belongs to: the proxy serves earlier-started checks first. */
export const CHECK_HEADER = 'x-conformance-check';
/** Lets the main process's own requests (cleanup) through after workers are shut out. */
export const INTERNAL_HEADER = 'x-conformance-internal';
/** Response header naming the recorded exchange, so a check can cite the answer it judged. */
export const EXCHANGE_HEADER = 'x-conformance-exchange';
/** Milliseconds the exchange spent in the proxy but not at the target (queue, rate buckets, retry backoff). */
export const BLOCKED_HEADER = 'x-conformance-blocked-ms';
/** How the proxy's refusal begins when a request never got a pacing slot: the run's own queue, not the target. */
export const QUEUE_GAVE_UP = "the run's own pacing queue held it";
