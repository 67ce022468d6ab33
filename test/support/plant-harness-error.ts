import { ApiClient } from '../../harness/client.js';
import { CHECK_HEADER } from '../../harness/pacing/headers.js';

/**
 * A harness bug, planted by a self-test (test/harness-error.test.ts) without touching the suites:
 * vitest.config.ts loads this file into the conformance workers only when
 * SELFTEST_PLANT_HARNESS_ERROR names a check key. That check's own first request throws a
 * TypeError inside the harness's client, as a bug of the harness would.
 */
const planted = process.env.SELFTEST_PLANT_HARNESS_ERROR;
if (planted) {
  const request = ApiClient.prototype.request;
  ApiClient.prototype.request = function (this: ApiClient, req) {
    const owner = this.options.wireHeaders?.[CHECK_HEADER];
    if (owner === planted) {
      const nothing = undefined as unknown as { planted: () => void };
      nothing.planted(); // TypeError: Cannot read properties of undefined
    }
    return request.call(this, req);
  };
}
