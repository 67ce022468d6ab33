import type { ApiResponse } from '../client.js';

/** A short, readable description of a response, for failure messages. */
export function describeResponse(res: ApiResponse): string {
  const body = res.text.length > 400 ? `${res.text.slice(0, 400)}…` : res.text;
  return `HTTP ${res.status} ${body}`;
}

export const isSuccess = (res: ApiResponse) => res.status >= 200 && res.status < 300;
export const isClientError = (res: ApiResponse) => res.status >= 400 && res.status < 500;

export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

/** Fails the check unless the status is 2xx. A 5xx on a documented valid request is a failure. */
export function expectSuccess(res: ApiResponse, what: string): void {
  if (!isSuccess(res)) throw new ContractViolation(`${what}: expected a 2xx status, got ${describeResponse(res)}`);
}

export function expectStatus(res: ApiResponse, status: number, what: string): void {
  if (res.status !== status) throw new ContractViolation(`${what}: expected HTTP ${status}, got ${describeResponse(res)}`);
}

export function expectClientError(res: ApiResponse, what: string): void {
  if (!isClientError(res)) throw new ContractViolation(`${what}: expected a 4xx status, got ${describeResponse(res)}`);
}

export function expectNoViolations(violations: readonly string[], what: string): void {
  if (violations.length) throw new ContractViolation(`${what}:\n  - ${violations.slice(0, 20).join('\n  - ')}`);
}
