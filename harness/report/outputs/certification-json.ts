import type { OutputFormat } from '../output-format.js';

/** certification.json: the verdict per clause, machine-readable (schema in reports/README.md). */
export const certificationJson: OutputFormat = {
  render: ({ certification }) => JSON.stringify(certification, null, 2),
};
