import { readFileSync, writeFileSync } from 'node:fs';
import { ConfigError } from './errors.js';

/**
 * Every request detail the spec does not show, in one place (§4.3, §4.4, §4.5 "not shown").
 * Defaults follow the platform's public docs. Override with CONFORMANCE_PROFILE=path/to.json
 * (deep-merged). A target that rejects one of these guesses is recorded as an observation and
 * the dependent checks become inconclusive; it is never a failure.
 */
export const defaultProfile = {
  /** Query/body name of the company identifier (§4 "Bulk bodies carry companyId"). */
  companyParam: 'companyId',
  vehicles: {
    /** A sort value for GET /vehicles?sort= (§4.1 shows only the type string). */
    sortField: 'year',
  },
  customers: {
    /** Bulk array field of POST/PUT/PATCH /customers (S-4-bulk-array-key). */
    arrayField: 'customers',
    /**
     * The customer body's shape (§4.3 shows none, S-2.3-customer-body): names as `first-last` or one
     * `name`; emails and phones as `objects` ({email, type}), `strings`, or one `single` field
     * (`email`, `phone`). The run negotiates from these when the server refuses them
     * (suites/customers/body.ts), and `--write-profile` writes what it accepted.
     */
    names: 'first-last',
    emails: 'objects',
    phones: 'objects',
    /** Location filter of GET /customers ("for the specified locations"). */
    listLocationParam: 'locationIds',
    /** A free-text field that carries the run marker. */
    markerField: 'notes',
    /** A field the partial-update check changes. */
    updatableField: 'lastName',
    /** Free-text filter of GET /customers, used only to find the run's own records faster. */
    searchParam: 'search',
  },
  inventoryLevels: {
    arrayField: 'inventoryLevels',
    quantityField: 'quantityOnHand',
    listLocationParam: 'locationId',
    listLocationsParam: 'locationIds',
  },
  appointmentRequests: {
    /** The location parameter name is not shown; the PO endpoints use locationId. */
    locationParam: 'locationId',
    locationInQuery: true,
    locationInBody: true,
  },
  purchaseOrders: {
    locationParam: 'locationId',
  },
} as const;

type Widen<T> = T extends string
  ? string
  : T extends boolean
    ? boolean
    : T extends object
      ? { -readonly [K in keyof T]: Widen<T[K]> }
      : T;
export type Profile = Widen<typeof defaultProfile>;

function merge(base: Record<string, unknown>, over: Record<string, unknown>, path: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    if (!(k in base)) throw new ConfigError(`CONFORMANCE_PROFILE: unknown key "${path}${k}"`);
    const b = base[k];
    if (b && typeof b === 'object') {
      if (!v || typeof v !== 'object' || Array.isArray(v))
        throw new ConfigError(`CONFORMANCE_PROFILE: "${path}${k}" must be an object`);
      out[k] = merge(b as Record<string, unknown>, v as Record<string, unknown>, `${path}${k}.`);
    } else {
      if (typeof v !== typeof b) throw new ConfigError(`CONFORMANCE_PROFILE: "${path}${k}" must be a ${typeof b}`);
      out[k] = v;
    }
  }
  return out;
}

export function loadProfile(file?: string): Profile {
  const base = structuredClone(defaultProfile) as unknown as Profile;
  if (!file) return base;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConfigError(`CONFORMANCE_PROFILE: cannot read "${file}" as JSON (${(err as Error).message})`);
  }
  if (!parsed || typeof parsed !== 'object') throw new ConfigError('CONFORMANCE_PROFILE must hold a JSON object');
  return merge(base as unknown as Record<string, unknown>, parsed as Record<string, unknown>, '') as unknown as Profile;
}

/**
 * The observation a check records when the run learned a profile value from the target (a body
 * shape negotiated, suites/customers/body.ts): `{ section: { key: value } }`.
 */
export const PROFILE_LEARNED = 'profile learned';

/**
 * `--write-profile <file>`: the run's profile (CONFORMANCE_PROFILE over the defaults) with what the
 * run learned from the target, so the next run starts from it. Returns the keys learned.
 */
export function writeProfile(file: string, base: Profile, learned: readonly unknown[]): string[] {
  const out = structuredClone(base) as unknown as Record<string, Record<string, unknown>>;
  const keys: string[] = [];
  for (const l of learned) {
    if (!l || typeof l !== 'object') continue;
    for (const [section, values] of Object.entries(l as Record<string, unknown>)) {
      const target = out[section];
      if (!target || typeof target !== 'object' || !values || typeof values !== 'object') continue;
      for (const [k, v] of Object.entries(values as Record<string, unknown>))
        if (k in target && typeof v === typeof target[k] && target[k] !== v) {
          target[k] = v;
          keys.push(`${section}.${k}`);
        }
    }
  }
  writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  return [...new Set(keys)];
}
