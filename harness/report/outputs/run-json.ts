import type { OutputFormat } from '../output-format.js';

/** run.json: the secret-free run summary (seed, mode, target, shard, configuration); input of merge-reports. */
export const runJson: OutputFormat = {
  render: ({ summary }) => JSON.stringify(summary, null, 2),
};
