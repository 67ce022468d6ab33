/**
 * The public face of the check wrapper for suites: `conformance(id, …)` and the context a check
 * gets. Implementation in harness/check/.
 */
export { conformance, type CheckFn } from './check/register.js';
export type { CheckContext, CheckMeta, CheckOptions, Need, Observation } from './check/types.js';
export type { Resource, RecordLocator } from './core/events.js';
