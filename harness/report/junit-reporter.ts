import { JUnitReporter, type Reporter, type TestModule, type Vitest } from 'vitest/node';

/**
 * Vitest's JUnit reporter, writing into the run's stage, without its "JUNIT report written to
 * <stage path>" line: that path is scratch, and the console lists only what the run published.
 */
export default class StagedJUnitReporter implements Reporter {
  private readonly inner: JUnitReporter;

  constructor(options: { outputFile: string }) {
    this.inner = new JUnitReporter({ outputFile: options.outputFile });
  }

  onInit(ctx: Vitest): Promise<void> {
    const bound = <T extends object>(t: T, p: string | symbol) => {
      const v = Reflect.get(t, p, t) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
    };
    const logger = new Proxy(ctx.logger, {
      get: (t, p) =>
        p === 'log'
          ? (...args: unknown[]) => {
              if (!String(args[0]).startsWith('JUNIT report written')) t.log(...(args as [string]));
            }
          : bound(t, p),
    });
    return this.inner.onInit(new Proxy(ctx, { get: (t, p) => (p === 'logger' ? logger : bound(t, p)) }));
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): Promise<void> {
    return this.inner.onTestRunEnd(modules);
  }
}
