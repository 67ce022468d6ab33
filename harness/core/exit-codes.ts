/** Process exit codes of the CLIs: the same meaning everywhere. */
export const EXIT = { ok: 0, failed: 1, usage: 2, inconclusive: 3 } as const;
