import type { z } from 'zod';

/** Where a value breaks a documented shape: one readable line per zod issue. */
export function schemaViolations(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  if (r.success) return [];
  return r.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
}
