import type { OutputFormat } from '../output-format.js';

/** results.json: every check with its verdict, reason, errors, observations and exchanges; input of merge-reports. */
export const resultsJson: OutputFormat = {
  render: ({ results }) => JSON.stringify(results, null, 2),
};
