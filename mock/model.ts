import type { Item, PoIntegrationSource, PoSource } from '../contract/schemas.js';

/** The mock's stored records. Documented fields follow contract/; the rest are the mock's own choices. */

export interface ItemRecord extends Item {
  /** Undocumented; used by the updated-date filter. */
  createdDate: string;
  updatedDate: string;
}

export interface VehicleTag {
  name: string;
  color: string;
}

export interface VehicleRecord {
  vehicleId: string;
  companyId: string;
  customerId: string;
  year: number;
  make: string;
  model: string;
  vehicleName: string;
  engine: string;
  color: string;
  licensePlate: string;
  state: string;
  vin: string;
  imgUrl: string;
  notes: string;
  tags: VehicleTag[];
  driveType: string;
  transmission: string;
  mileage: number;
  mileageUnit: string;
  vehicleStatus: 'Active' | 'Inactive';
  createdDate: string;
  updatedDate: string;
}

export interface CustomerRecord {
  customerId: string;
  companyId: string;
  firstName: string;
  lastName: string;
  companyName: string;
  emails: { email: string; type: string }[];
  phones: { number: string; type: string }[];
  address: { street: string; city: string; state: string; postalCode: string; country: string };
  tags: VehicleTag[];
  notes: string;
  locationIds: string[];
  status: 'Active' | 'Inactive';
  createdDate: string;
  updatedDate: string;
}

export interface InventoryLevelRecord {
  itemId: string;
  locationId: string;
  quantityOnHand: number;
  quantityReserved: number;
  reorderPoint: number;
  updatedDate: string;
}

export interface AppointmentRequestRecord {
  appointmentRequestId: string;
  companyId: string;
  locationId: string;
  /** §2.5 format YYYY-MM-DD HH:mm. */
  startDateTime: string;
  endDateTime: string;
  description: string;
  status: string;
  customer: Record<string, unknown>;
  vehicle: Record<string, unknown> & { name: string };
  services: Record<string, unknown>[];
  createdAt: string;
  /** §4.5 list rule 4: null until the request is updated. */
  updatedAt: string | null;
}

export interface PoLineItem {
  lineId: string;
  itemType: 'part' | 'tire';
  partNumber: string;
  description: string;
  quantity: number;
  unitCost: number;
  brand: string | null;
  requestedPartNumber: null;
  requestedQuantity: null;
}

export interface PurchaseOrderRecord {
  id: string;
  companyId: string;
  locationId: string;
  source: PoSource;
  integrationSource: PoIntegrationSource;
  repairOrderId: string | null;
  supplier: string;
  poNumber: string;
  status: string;
  orderItems: PoLineItem[];
  createdDate: string;
  updatedDate: string;
  invoiceDate: string | null;
  paymentDueDate: string | null;
}

export interface Location {
  locationId: string;
  name: string;
}

export interface CompanyData {
  companyId: string;
  name: string;
  locations: Location[];
  items: Map<string, ItemRecord>;
  vehicles: Map<string, VehicleRecord>;
  customers: Map<string, CustomerRecord>;
  /** Keyed by `${itemId}|${locationId}`. */
  inventoryLevels: Map<string, InventoryLevelRecord>;
  appointmentRequests: Map<string, AppointmentRequestRecord>;
  purchaseOrders: Map<string, PurchaseOrderRecord>;
}
