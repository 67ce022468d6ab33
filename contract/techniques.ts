/**
 * The test-design techniques the suites apply wherever they fit, each proven able to fail by a
 * fault of the reference mock in every resource it applies to (the self-check's technique table).
 * A quiet regression is one rule broken where a casual test does not look; each technique is a
 * place to look, applied systematically rather than case by case.
 */
export const techniques = {
  'frame-condition':
    'after a create, update or archive the whole record reads back: the intended change happened and nothing else moved',
  'pairwise-parameters':
    'each documented filter judged with each other one and with paging; isolation judged under every filter',
  'every-position': 'the bad entry of a bulk write put first, in the middle and last, beside valid entries',
  boundary:
    'zero, an allowed empty string, an empty result that keeps its shape, one record, one page, the documented page size',
  'required-field': 'each field the spec requires left out, one at a time, beside a valid twin',
  'both-bounds':
    'each bound of a range alone and together, judged against the field the spec names; format rules for every field they name',
  'token-attack': 'a forged, unsigned, re-signed, mixed-up or expired token against every route',
  precedence:
    'which of two documented outcomes wins when both apply (a permission failure before a validation error, a standard name before its alias)',
  'read-after-transition': 'after an archive the record still reads by id, archived',
} as const;

export type Technique = keyof typeof techniques;

/** What a technique is applied to: a resource of the API, or its authentication. */
export const techniqueResources = [
  'vehicles',
  'items',
  'customers',
  'inventoryLevels',
  'appointmentRequests',
  'availableSlots',
  'purchaseOrders',
  'auth',
] as const;

export type TechniqueResource = (typeof techniqueResources)[number];

/**
 * Where each technique applies. The self-check fails when a pair listed here has no fault, so a
 * pair is added with the checks and the fault that prove it.
 */
export const techniqueScope = {
  'frame-condition': ['vehicles', 'items', 'customers', 'inventoryLevels'],
  'pairwise-parameters': ['vehicles', 'items', 'appointmentRequests', 'availableSlots', 'purchaseOrders'],
  'every-position': ['vehicles', 'items', 'appointmentRequests'],
  boundary: ['vehicles', 'items', 'inventoryLevels', 'purchaseOrders'],
  'required-field': ['vehicles', 'items'],
  'both-bounds': ['vehicles', 'items', 'appointmentRequests', 'availableSlots', 'purchaseOrders'],
  'token-attack': ['auth'],
  precedence: ['purchaseOrders', 'appointmentRequests', 'availableSlots'],
  'read-after-transition': ['vehicles', 'items', 'customers'],
} as const satisfies Record<Technique, readonly TechniqueResource[]>;
