import type { ApiResponse } from '../client.js';
import { ContractViolation } from '../core/outcome.js';
import { refusalMissing, statusLine, unexpectedStatus } from './failures.js';

export { ContractViolation };

/** A short, readable description of a response, for messages. */
export const describeResponse = (res: ApiResponse): string => statusLine(res);

export const isSuccess = (res: ApiResponse) => res.status >= 200 && res.status < 300;
export const isClientError = (res: ApiResponse) => res.status >= 400 && res.status < 500;

/** Fails the check unless the status is 2xx. A 5xx on a documented valid request is a failure. */
export function expectSuccess(res: ApiResponse, what: string): void {
  if (!isSuccess(res)) throw new ContractViolation(what, unexpectedStatus(res, 'a 2xx status', what));
}

export function expectStatus(res: ApiResponse, status: number, what: string): void {
  if (res.status !== status)
    throw new ContractViolation(
      what,
      res.status >= 200 && res.status < 300 && status >= 400
        ? refusalMissing(res, what, `HTTP ${status}`)
        : unexpectedStatus(res, `HTTP ${status}`, what),
    );
}

export function expectClientError(res: ApiResponse, what: string): void {
  if (!isClientError(res))
    throw new ContractViolation(
      what,
      isSuccess(res) ? refusalMissing(res, what, 'a 4xx status') : unexpectedStatus(res, 'a 4xx status', what),
    );
}
