import { certificationMarkdown } from '../certification.js';
import type { OutputFormat } from '../output-format.js';

/** certification.md: the verdict per clause as Markdown, failed clauses first. */
export const certificationMd: OutputFormat = {
  render: ({ certification }) => certificationMarkdown(certification),
};
