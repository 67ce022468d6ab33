import type { Reporter, Vitest } from 'vitest/node';
import type { RunInfo } from '../run/run-info.js';

/**
 * Keeps the run context the global setup provided. startVitest closes vitest before it returns,
 * and closing clears that context, so the CLI reads it here instead (same process, in memory only:
 * it holds tokens).
 */
export class RunCapture implements Reporter {
  run?: RunInfo;
  private vitest?: Vitest;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(): void {
    this.run = this.vitest?.projects.find((p) => p.name === 'conformance')?.getProvidedContext().run as RunInfo | undefined;
  }
}
