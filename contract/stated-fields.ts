/**
 * The JSON types §2 states for record fields, as data: the judges type-check records by it
 * (harness/checks/stated-types.ts) and the fault operators of the mock generate one fault per field
 * and route from it (mock/faults/operators/). contract/schemas.ts says the same in zod; a test keeps
 * the two in agreement. A field absent from a table has no stated type (its type is left open).
 */

/** A JSON type as §2 states it. `string|null`: nullable string; `null`: always null (reserved fields). */
export type StatedType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'string|null' | 'null';

export interface StatedTable {
  section: string;
  /** The documented identifier: a record of this kind is an object carrying it. */
  idKey?: string;
  fields: Readonly<Record<string, StatedType>>;
}

export const statedFields = {
  vehicle: {
    section: '§2.1',
    idKey: 'vehicleId',
    fields: {
      vehicleId: 'string',
      customerId: 'string',
      year: 'integer',
      make: 'string',
      model: 'string',
      vehicleName: 'string',
      engine: 'string',
      color: 'string',
      licensePlate: 'string',
      state: 'string',
      vin: 'string',
      imgUrl: 'string',
      notes: 'string',
      tags: 'array',
      driveType: 'string',
      transmission: 'string',
      mileage: 'number',
      mileageUnit: 'string',
      vehicleStatus: 'string',
    },
  },
  vehicleTag: { section: '§2.1 Tag', fields: { name: 'string', color: 'string' } },
  item: {
    section: '§2.2',
    idKey: 'itemId',
    fields: {
      itemId: 'string',
      companyId: 'string',
      itemType: 'string',
      itemName: 'string',
      itemNameFR: 'string',
      itemNumber: 'string',
      category: 'string',
      subCategory: 'string',
      subSubCategory: 'string',
      description: 'string',
      descriptionFR: 'string',
      displayQuantityOnRO: 'boolean',
      displayDescriptionOnRO: 'boolean',
      status: 'string',
      taxable: 'boolean',
      commissionable: 'boolean',
      internalNotes: 'string',
      salesCodeName: 'string',
      salesCode: 'string',
      details: 'object',
    },
  },
  partDetails: {
    section: '§2.2 PartDetails',
    fields: {
      defaultQuantity: 'number',
      costPerUnit: 'number',
      hasCore: 'boolean',
      coreCost: 'number',
      totalCost: 'number',
      pricePerUnit: 'number',
      pricingMatrix: 'string',
      totalPrice: 'number',
      isStockItem: 'boolean',
      supplier: 'string',
      brand: 'string',
      productLine: 'string',
      warrantyEligible: 'boolean',
      warrantyName: 'string',
      associatedFeesName: 'array',
    },
  },
  tireDetails: {
    section: '§2.2 TireDetails',
    fields: {
      tireDisplayName: 'string',
      model: 'string',
      brand: 'string',
      tireWidth: 'integer',
      tireProfile: 'integer',
      tireSize: 'string',
      defaultQuantity: 'number',
      costPerUnit: 'number',
      pricePerUnit: 'number',
      seasonality: 'integer',
    },
  },
  purchaseOrder: {
    section: '§2.6',
    idKey: 'id',
    fields: {
      source: 'string',
      integrationSource: 'string',
      createdDate: 'string',
      updatedDate: 'string',
      invoiceDate: 'string',
      paymentDueDate: 'string',
      orderItems: 'array',
    },
  },
  poLine: {
    section: '§2.6 line items',
    fields: { brand: 'string|null', requestedPartNumber: 'null', requestedQuantity: 'null' },
  },
} as const satisfies Record<string, StatedTable>;

export type StatedKind = keyof typeof statedFields;

/** Whether a JSON value has a stated type (12.0 is an integer: JSON does not tell them apart, silences S-JSON-numbers). */
export function hasStatedType(value: unknown, type: StatedType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'string|null':
      return value === null || typeof value === 'string';
    case 'null':
      return value === null;
  }
}
