/** Groups clauses by the spec section they come from, for the bundle page and the Allure tree. */

/** Short titles in the harness's own words, keyed by the sections the catalogue cites. */
const titles: Record<string, string> = {
  '§1': 'Service scope and tenancy',
  '§2.1': 'Vehicle fields',
  '§2.2': 'Item fields and details',
  '§2.3': 'Customer fields',
  '§2.4': 'Inventory-level fields',
  '§2.5': 'Appointment-request fields',
  '§2.6': 'Purchase-order fields',
  '§2.7': 'Response shapes',
  '§3': 'States and transitions',
  '§4.1': 'Vehicle endpoints',
  '§4.2': 'Item endpoints',
  '§4.3': 'Customer endpoints',
  '§4.4': 'Inventory-level endpoints',
  '§4.5': 'Appointment-request endpoints',
  '§4.6': 'Purchase-order endpoints',
  '§5': 'Authentication',
  '§6': 'Events',
  '§7': 'Errors',
  '§8': 'Limits',
  '§9': 'Versioning',
};

/**
 * The first section a clause cites, at the level the titles know: '§4.5 create rule 1' → '§4.5',
 * '§7 row 5' → '§7', '§5.1' → '§5'.
 */
export function primarySection(section: string): string {
  const m = /§(\d+)(?:\.(\d+))?/.exec(section);
  if (!m) return section;
  const full = m[2] ? `§${m[1]}.${m[2]}` : `§${m[1]}`;
  return full in titles ? full : `§${m[1]}`;
}

export function sectionTitle(primary: string): string {
  const t = titles[primary];
  return t ? `${primary} ${t}` : primary;
}

/** Numeric order: §1 < §2.1 < §2.7 < §3 < §4.1 < §10. */
export function compareSections(a: string, b: string): number {
  const parts = (s: string) => (/§(\d+)(?:\.(\d+))?/.exec(s) ?? []).slice(1).map((x) => Number(x ?? 0));
  const [a1 = 0, a2 = 0] = parts(a);
  const [b1 = 0, b2 = 0] = parts(b);
  return a1 - b1 || a2 - b2 || a.localeCompare(b);
}
