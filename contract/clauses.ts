import type { Clause } from './clause.js';

/**
 * Every documented rule of Partner Service API v2, one entry each.
 * Ids are metadata (test262 style): checks name them, the report groups by them.
 * `as const satisfies` makes a mistyped id a compile error everywhere it is used.
 */
export const clauses = {
  // ── Platform: auth, versioning, tenancy, undocumented choices ─────────────────────────
  'AUTH-TOKEN-REQUIRED': {
    section: '§5.1', area: 'platform', severity: 'blocker', strictness: 'strict',
    must: 'Every endpoint MUST reject a request without a bearer token with a 4xx status (never 2xx, never 5xx).',
  },
  'AUTH-MALFORMED-TOKEN-REJECTED': {
    section: '§5.1', area: 'platform', severity: 'blocker', strictness: 'strict',
    must: 'Every endpoint MUST reject with a 4xx status a bearer value that is not a well-formed JWT: not a JWT at all, or one whose first segment is not a JOSE header (the claims put in its place, say).',
  },
  'AUTH-BAD-SIGNATURE-REJECTED': {
    section: '§5.1', area: 'platform', severity: 'blocker', strictness: 'strict',
    must: 'Every endpoint MUST reject with a 4xx status a JWT whose signature does not verify with the target\'s key, whatever its claims: a tampered signature, a token signed with another key, one without exp.',
  },
  'AUTH-UNSIGNED-TOKEN-REJECTED': {
    section: '§5.1', area: 'platform', severity: 'blocker', strictness: 'strict',
    must: 'Every endpoint MUST reject with a 4xx status a JWT that carries no signature: alg "none" in its header, or an empty signature part.',
  },
  'AUTH-EXPIRED-TOKEN-REJECTED': {
    section: '§5.1', area: 'platform', severity: 'critical', strictness: 'strict',
    must: 'Every endpoint MUST reject with a 4xx status a correctly signed JWT of the target that has expired.',
  },
  'AUTH-REJECTION-STATUS': {
    section: '§7 (statuses not shown)', area: 'platform', severity: 'minor', strictness: 'observed',
    must: 'The status chosen for a missing or invalid token is not documented; the harness records it.',
  },
  'PLATFORM-JSON-ANSWERS': {
    section: '§1', area: 'platform', severity: 'critical', strictness: 'strict',
    must: 'A successful answer MUST carry a JSON body, on the endpoints whose shape is not shown too.',
  },
  'AUTH-JSON-BODIES': {
    section: '§5.2', area: 'platform', severity: 'normal', strictness: 'strict',
    must: 'A write whose JSON body is sent with Content-Type: application/json MUST be accepted as JSON (never answered 415 or 5xx).',
  },
  'AUTH-TOKEN-ENDPOINT': {
    section: '§5.4', area: 'platform', severity: 'trivial', strictness: 'observed',
    must: 'How an access token is obtained is not documented.',
    notTestable: 'The spec does not show the token endpoint; the harness only uses the configured login paths to obtain a token.',
  },
  'VERSION-PATH-SEGMENT': {
    section: '§1, §9', area: 'platform', severity: 'normal', strictness: 'strict',
    must: 'The base address MUST end with the version segment v2.',
    notTestable: 'A property of the address the user configures; the harness validates BASE_URL instead of probing it.',
  },
  'TENANT-LIST-ISOLATION': {
    section: '§1', area: 'platform', severity: 'blocker', strictness: 'strict',
    must: 'A record of one company MUST NOT appear when listing another company.',
  },
  'TENANT-GET-ISOLATION': {
    section: '§1', area: 'platform', severity: 'blocker', strictness: 'strict',
    must: 'Reading a record by id under another company MUST NOT return the record.',
  },
  'UNKNOWN-ID-STATUS': {
    section: '§7 (statuses not shown)', area: 'platform', severity: 'minor', strictness: 'observed',
    must: 'The status for an unknown record id is not documented; the harness records it.',
  },
  'ERROR-BODY-SHAPE': {
    section: '§7 (shapes not shown)', area: 'platform', severity: 'trivial', strictness: 'observed',
    must: 'Error bodies outside purchase orders are not documented; the harness records their shape.',
  },
  'PAGE-SIZE-LIMITS': {
    section: '§8', area: 'platform', severity: 'trivial', strictness: 'observed',
    must: 'Default and maximum page sizes are not documented; the harness records what the target does.',
  },

  // ── Vehicles §2.1, §3, §4.1 ─────────────────────────────────────────────────────────────
  'VEHICLE-CREATE-ENVELOPE': {
    section: '§4.1, §2.7', area: 'vehicles', severity: 'critical', strictness: 'strict',
    must: 'POST /vehicles MUST answer with { success: boolean, message: string, data: object }.',
  },
  'VEHICLE-CREATE-BULK': {
    section: '§4.1', area: 'vehicles', severity: 'critical', strictness: 'strict',
    must: 'POST /vehicles MUST create every vehicle of the array it is sent, each readable afterwards by its vehicleId.',
  },
  'VEHICLE-CREATE-OWNER': {
    section: '§2.1, §4.1', area: 'vehicles', severity: 'critical', strictness: 'strict',
    must: 'A vehicle created with a customerId MUST belong to that customer when read back.',
  },
  'VEHICLE-CREATE-NEEDS-CUSTOMER': {
    section: '§1, §4.1', area: 'vehicles', severity: 'critical', strictness: 'strict',
    must: 'POST /vehicles MUST refuse an entry that carries no customerId (a 4xx, or success false; an entry refused alone counts): every vehicle belongs to a customer and is created with its customerId.',
  },
  'VEHICLE-CREATE-ROUNDTRIP': {
    section: '§2.1, §4.1', area: 'vehicles', severity: 'normal', strictness: 'strict',
    must: 'Every §2.1 field sent when creating a vehicle MUST read back unchanged by id (an empty imgUrl stays an empty string).',
  },
  'VEHICLE-LIST-ENVELOPE': {
    section: '§4.1, §2.7', area: 'vehicles', severity: 'critical', strictness: 'strict',
    must: 'GET /vehicles MUST answer with { message: string, results: { content: array, pagination: object } }.',
  },
  'VEHICLE-GET-ENVELOPE': {
    section: '§4.1, §2.7', area: 'vehicles', severity: 'critical', strictness: 'strict',
    must: 'GET /vehicles/{vehicleId} MUST answer with { message, results: { content, pagination } } holding that vehicle.',
  },
  'VEHICLE-UPDATE-ENVELOPE': {
    section: '§4.1, §2.7', area: 'vehicles', severity: 'normal', strictness: 'strict',
    must: 'PUT /vehicles MUST answer with { success, message, data }.',
  },
  'VEHICLE-UPDATE-PARTIAL': {
    section: '§4.1', area: 'vehicles', severity: 'critical', strictness: 'strict',
    must: 'PUT /vehicles MUST change, for every entry of the array, only the fields sent; every other field keeps its value (an archived vehicle stays Inactive unless vehicleStatus is sent).',
  },
  'VEHICLE-UPDATE-NEEDS-ID': {
    section: '§2.1 (vehicleId)', area: 'vehicles', severity: 'normal', strictness: 'strict',
    must: 'PUT /vehicles MUST refuse an entry that carries no vehicleId (required on update): a 4xx, or success false.',
  },
  'VEHICLE-ARCHIVE-ENVELOPE': {
    section: '§4.1, §2.7', area: 'vehicles', severity: 'normal', strictness: 'strict',
    must: 'PATCH /vehicles MUST answer with { success, message, data }.',
  },
  'VEHICLE-ARCHIVE-INACTIVE': {
    section: '§3, §2.1', area: 'vehicles', severity: 'critical', strictness: 'strict',
    must: 'PATCH /vehicles MUST set vehicleStatus to Inactive on every vehicle of the array, each of which stays readable.',
  },
  'VEHICLE-ARCHIVE-ONLY-STATUS': {
    section: '§3, §4.1', area: 'vehicles', severity: 'critical', strictness: 'strict',
    must: 'PATCH /vehicles MUST change nothing of a vehicle but its vehicleStatus (and the server\'s own bookkeeping): every other §2.1 field, and every field sent when it was created, reads back as before.',
  },
  'VEHICLE-ARCHIVE-NEEDS-IDS': {
    section: '§2.1 (vehicleId, customerId)', area: 'vehicles', severity: 'normal', strictness: 'strict',
    must: 'PATCH /vehicles MUST refuse an entry without vehicleId or without customerId (both required on archive): a 4xx, or success false.',
  },
  'VEHICLE-FILTER-CUSTOMER': {
    section: '§4.1', area: 'vehicles', severity: 'normal', strictness: 'strict',
    must: 'GET /vehicles?customerId= MUST return the vehicles of that customer and no vehicle of another.',
  },
  'VEHICLE-FILTER-SEARCH': {
    section: '§4.1', area: 'vehicles', severity: 'normal', strictness: 'strict',
    must: 'GET /vehicles?search= MUST NOT return vehicles that do not carry the term, and SHOULD find the vehicle that carries it (which fields are searched is not shown).',
  },
  'VEHICLE-FILTER-UPDATED': {
    section: '§4.1', area: 'vehicles', severity: 'normal', strictness: 'strict',
    must: 'GET /vehicles with updatedDateStart, updatedDateEnd or both MUST return the vehicles last updated inside the range they bound and no other.',
  },
  'VEHICLE-FILTERS-COMBINE': {
    section: '§4.1, §8', area: 'vehicles', severity: 'normal', strictness: 'strict',
    must: 'GET /vehicles sent several of its parameters at once (customerId, search, the updated window, size and page) MUST apply every one: a vehicle all of them admit comes back, one that any of them excludes stays out.',
  },
  'VEHICLE-SORT': {
    section: '§4.1', area: 'vehicles', severity: 'normal', strictness: 'strict',
    must: 'GET /vehicles with sort and sortDirection=ASC MUST order the records ascending by that field, across pages.',
  },
  'VEHICLE-PAGING': {
    section: '§4.1, §8', area: 'vehicles', severity: 'critical', strictness: 'strict',
    must: 'Walking GET /vehicles with size and page MUST yield each record once, no page larger than size, and as many records as a reported total.',
  },
  'VEHICLE-TAG-COLOR': {
    section: '§2.1', area: 'vehicles', severity: 'minor', strictness: 'strict',
    must: 'A vehicle tag color MUST be hexadecimal RGB without a leading #, and be returned as sent.',
  },
  'VEHICLE-MILEAGE-UNIT': {
    section: '§2.1', area: 'vehicles', severity: 'minor', strictness: 'strict',
    must: 'The mileageUnit values in use, Miles and KM, MUST be accepted and returned as sent.',
  },
  'VEHICLE-RECORD-SHAPE': {
    section: '§2.1 (records not shown)', area: 'vehicles', severity: 'trivial', strictness: 'observed',
    must: 'Vehicle record fields beyond the request fields are not documented; the harness records them.',
  },

  // ── Items §2.2, §3, §4.2 ────────────────────────────────────────────────────────────────
  'ITEM-CREATE-ENVELOPE': {
    section: '§4.2, §2.7', area: 'items', severity: 'critical', strictness: 'strict',
    must: 'POST /items with a valid part or tire MUST answer with { success: boolean, message: string, data: object }.',
  },
  'ITEM-CREATE-BULK': {
    section: '§4.2', area: 'items', severity: 'critical', strictness: 'strict',
    must: 'POST /items MUST create every item of the array it is sent, each readable afterwards by its itemId.',
  },
  'ITEM-CREATE-ONLY-PART-TIRE': {
    section: '§2.2, §4.2', area: 'items', severity: 'critical', strictness: 'strict',
    must: 'POST /items MUST reject an item of type labor, discount or fee (a 4xx, or success false).',
  },
  'ITEM-CREATE-NEEDS-TYPE': {
    section: '§2.2, §4.2', area: 'items', severity: 'critical', strictness: 'strict',
    must: 'POST /items MUST refuse an entry that carries no itemType (a 4xx, or success false; an entry refused alone counts): creation takes parts and tires only, and an item without a type is neither.',
  },
  'ITEM-CREATE-LISTED-FIELDS': {
    section: '§4.2 (required fields not shown)', area: 'items', severity: 'trivial', strictness: 'observed',
    must: 'Whether a created item may leave out itemName, status or taxable, which §4.2 lists without calling required, is not documented; the harness records what the target does.',
  },
  'ITEM-PART-NEEDS-DETAILS': {
    section: '§4.2 rules', area: 'items', severity: 'critical', strictness: 'strict',
    must: 'POST /items MUST reject a part without partDetails (a 4xx, or success false).',
  },
  'ITEM-TIRE-NEEDS-DETAILS': {
    section: '§4.2 rules', area: 'items', severity: 'critical', strictness: 'strict',
    must: 'POST /items MUST reject a tire without tireDetails (a 4xx, or success false).',
  },
  'ITEM-GET-BARE': {
    section: '§2.7, §2.2', area: 'items', severity: 'critical', strictness: 'strict',
    must: 'GET /items/{itemId} MUST return the item object itself, with the common fields of §2.2 in their documented types.',
  },
  'ITEM-COMPANY-MATCHES': {
    section: '§1, §2.2', area: 'items', severity: 'critical', strictness: 'strict',
    must: 'An item read by id under a company MUST report that company in companyId, where it shows one.',
  },
  'ITEM-DETAILS-MATCH-TYPE': {
    section: '§2.2 details mapping', area: 'items', severity: 'critical', strictness: 'strict',
    must: 'An item\'s details MUST have the structure of its itemType: PartDetails for a part, TireDetails for a tire.',
  },
  'ITEM-CREATE-ROUNDTRIP': {
    section: '§2.2, §4.2', area: 'items', severity: 'critical', strictness: 'strict',
    must: 'Every field sent when creating a part or a tire MUST come back unchanged when the item is read by id.',
  },
  'ITEM-LIST-PAGE-OBJECT': {
    section: '§2.7', area: 'items', severity: 'critical', strictness: 'strict',
    must: 'GET /items MUST answer with the page object of §2.7: content, pageable, totalPages, totalCount, last, size, number, first, sort, numberOfElements, empty.',
  },
  'ITEM-PAGE-ONE-BASED': {
    section: '§2.7', area: 'items', severity: 'critical', strictness: 'strict',
    must: 'In the items page object, number and pageable.pageNumber MUST be 1-based: page=1 gives number 1.',
  },
  'ITEM-PAGE-CONSISTENT': {
    section: '§2.7', area: 'items', severity: 'normal', strictness: 'strict',
    must: 'The items page fields first, last, totalPages, numberOfElements, empty and size MUST agree with totalCount and the page requested.',
  },
  'ITEM-PAGING': {
    section: '§4.2, §8', area: 'items', severity: 'critical', strictness: 'strict',
    must: 'Walking GET /items with size and page MUST yield each record once, totalCount records in all, and no page larger than size.',
  },
  'ITEM-FILTER-TYPE': {
    section: '§4.2', area: 'items', severity: 'normal', strictness: 'strict',
    must: 'GET /items?type= MUST return the items of that itemType and no item of another type.',
  },
  'ITEM-FILTER-ITEMNUMBER': {
    section: '§4.2', area: 'items', severity: 'normal', strictness: 'strict',
    must: 'GET /items?itemNumber= MUST return the item with that itemNumber and no item whose itemNumber does not contain the value (how it matches is not shown).',
  },
  'ITEM-FILTER-UPDATED': {
    section: '§4.2', area: 'items', severity: 'normal', strictness: 'strict',
    must: 'GET /items with updatedDateStart, updatedDateEnd or both MUST return the items last updated inside the range they bound and no other.',
  },
  'ITEM-FILTERS-COMBINE': {
    section: '§4.2, §8', area: 'items', severity: 'normal', strictness: 'strict',
    must: 'GET /items sent several of its parameters at once (type, itemNumber, the updated window, size and page) MUST apply every one: an item all of them admit comes back, one that any of them excludes stays out.',
  },
  'ITEM-ARCHIVE-ENVELOPE': {
    section: '§4.2, §2.7', area: 'items', severity: 'normal', strictness: 'strict',
    must: 'PATCH /items MUST answer with { success, message, data }.',
  },
  'ITEM-ARCHIVE-INACTIVE': {
    section: '§3, §4.2', area: 'items', severity: 'critical', strictness: 'strict',
    must: 'PATCH /items MUST set status to Inactive on every item of the array, each of which stays readable by id.',
  },
  'ITEM-ARCHIVE-ONLY-STATUS': {
    section: '§3, §4.2', area: 'items', severity: 'critical', strictness: 'strict',
    must: 'PATCH /items MUST change nothing of an item but its status (and the server\'s own bookkeeping): every other §2.2 field, its details included, reads back as before.',
  },

  // ── Customers §2.3, §3, §4.3 ────────────────────────────────────────────────────────────
  'CUSTOMER-CREATE-BULK': {
    section: '§4.3', area: 'customers', severity: 'normal', strictness: 'strict',
    must: 'POST /customers MUST create every customer of the bulk body, each readable afterwards by its customerId.',
  },
  'CUSTOMER-UPDATE-PARTIAL': {
    section: '§4.3', area: 'customers', severity: 'normal', strictness: 'strict',
    must: 'PUT /customers MUST change, for every entry of the array, only the fields present in the body (an archived customer stays archived unless its status is sent).',
  },
  'CUSTOMER-ARCHIVE-INACTIVE': {
    section: '§3, §4.3', area: 'customers', severity: 'critical', strictness: 'strict',
    must: 'PATCH /customers MUST inactivate (archive) every customer whose customerId it is sent, each of which stays readable by that customerId.',
  },
  'CUSTOMER-ARCHIVE-ONLY-STATUS': {
    section: '§3, §4.3', area: 'customers', severity: 'normal', strictness: 'strict',
    must: 'PATCH /customers MUST change nothing of a customer but its status: every value sent when it was created reads back as before, wherever the record shows it.',
  },
  'CUSTOMER-GET-BY-ID': {
    section: '§4.3', area: 'customers', severity: 'critical', strictness: 'strict',
    must: 'GET /customers/{customerId} MUST return that customer.',
  },
  'CUSTOMER-PAGING': {
    section: '§4.3, §8', area: 'customers', severity: 'normal', strictness: 'strict',
    must: 'Walking the paginated GET /customers MUST yield each record once, no page larger than size, and as many records as a reported total.',
  },
  'CUSTOMER-RECORD-SHAPE': {
    section: '§2.3, §4.3 (not shown)', area: 'customers', severity: 'trivial', strictness: 'observed',
    must: 'Customer bodies, parameters and record fields are not documented; the harness records what the target uses.',
  },

  // ── Inventory levels §2.4, §4.4 ─────────────────────────────────────────────────────────
  'INVENTORY-STOCKED-ONLY': {
    section: '§4.4', area: 'inventoryLevels', severity: 'normal', strictness: 'strict',
    must: 'GET /inventoryLevels MUST list levels only for stocked items.',
  },
  'INVENTORY-UPDATE-VISIBLE': {
    section: '§4.4', area: 'inventoryLevels', severity: 'critical', strictness: 'strict',
    must: 'A bulk PUT /inventoryLevels MUST be visible, for every entry of the array, on the next read of that item\'s levels.',
  },
  'INVENTORY-UPDATE-ONLY-NAMED': {
    section: '§4.4', area: 'inventoryLevels', severity: 'critical', strictness: 'strict',
    must: 'A PUT /inventoryLevels MUST change only the levels its entries name: the levels of other items, and those of a named item at other locations, keep their quantities.',
  },
  'INVENTORY-ITEM-AGREES': {
    section: '§4.4', area: 'inventoryLevels', severity: 'normal', strictness: 'strict',
    must: 'GET /inventoryLevels/{itemId} MUST agree with the levels the list gives for that item.',
  },
  'INVENTORY-RECORD-SHAPE': {
    section: '§2.4, §4.4 (not shown)', area: 'inventoryLevels', severity: 'trivial', strictness: 'observed',
    must: 'Inventory-level parameters, bodies and records are not documented; the harness records what the target uses.',
  },

  // ── Appointment requests §2.5, §4.5, §7 ─────────────────────────────────────────────────
  'APPT-CREATE-DATETIME-FORMAT': {
    section: '§2.5, §4.5 create rule 1', area: 'appointmentRequests', severity: 'critical', strictness: 'strict',
    must: 'POST /appointmentRequests/create MUST accept startDateTime and endDateTime in the format YYYY-MM-DD HH:mm.',
  },
  'APPT-CREATE-DATETIME-ENFORCED': {
    section: '§2.5, §4.5 create rule 1', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'POST /appointmentRequests/create MUST refuse (a 4xx) a startDateTime or an endDateTime written in another form than YYYY-MM-DD HH:mm, each field on its own.',
  },
  'APPT-DESCRIPTION-WINS': {
    section: '§4.5 create rule 2', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'When both description and notes are sent, the stored comment MUST be description.',
  },
  'APPT-NOTES-ALIAS': {
    section: '§2.5, §4.5 create rule 2', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'A comment sent only as notes MUST be returned in description by the list.',
  },
  'APPT-NOTES-WRITE-ONLY': {
    section: '§2.5', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'notes is a write-only alias: no read of an appointment request MUST show the comment sent as notes under notes.',
  },
  'APPT-DESCRIPTION-LISTED': {
    section: '§4.5 create rule 2', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'A comment sent as description alone MUST come back in description when the request is listed.',
  },
  'APPT-LINE-BREAKS': {
    section: '§2.5', area: 'appointmentRequests', severity: 'minor', strictness: 'strict',
    must: 'Line breaks in the comment MUST survive the round trip.',
  },
  'APPT-COMMENT-PLAIN-TEXT': {
    section: '§2.5', area: 'appointmentRequests', severity: 'minor', strictness: 'strict',
    must: 'The comment MUST come back as the plain text sent: characters such as < > & * are neither escaped, stripped nor rendered.',
  },
  'APPT-REJECT-VEHICLE-NAME': {
    section: '§4.5 create rule 3, §7 row 3', area: 'appointmentRequests', severity: 'critical', strictness: 'strict',
    must: 'A create body with vehicle.name MUST be rejected with 400.',
  },
  'APPT-REJECT-SERVICE-ID': {
    section: '§4.5 create rule 3, §7 row 3', area: 'appointmentRequests', severity: 'critical', strictness: 'strict',
    must: 'A create body with services[].serviceId MUST be rejected with 400.',
  },
  'APPT-REJECT-SERVICE-TITLE': {
    section: '§4.5 create rule 3, §7 row 3', area: 'appointmentRequests', severity: 'critical', strictness: 'strict',
    must: 'A create body with services[].title MUST be rejected with 400.',
  },
  'APPT-VEHICLE-NAME-GENERATED': {
    section: '§2.5', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'The create response MUST carry a vehicle.name generated by the service.',
  },
  'APPT-FILTER-APPOINTMENT-DATE': {
    section: '§4.5 list', area: 'appointmentRequests', severity: 'critical', strictness: 'strict',
    must: 'GET /appointmentRequests with appointmentDateStart, appointmentDateEnd or both MUST return the requests whose start lies inside the range they bound, and only those.',
  },
  'APPT-FILTER-UPDATED-DATE': {
    section: '§4.5 list', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'GET /appointmentRequests with updatedDateStart, updatedDateEnd or both MUST return the requests whose updatedAt lies inside the range they bound, and only those.',
  },
  'APPT-FILTERS-COMBINE': {
    section: '§4.5 list, §8', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'GET /appointmentRequests sent the appointment window (by its standard names or their aliases) with the updated window, or with size and page, MUST apply every one: a request outside either window stays out.',
  },
  'APPT-LEGACY-ALIAS': {
    section: '§4.5 list', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'The legacy names appointmentStartDate/appointmentEndDate, sent alone, MUST filter like appointmentDateStart/End.',
  },
  'APPT-STANDARD-WINS': {
    section: '§4.5 list rule 2', area: 'appointmentRequests', severity: 'critical', strictness: 'strict',
    must: 'When a standard date name and its legacy alias are both sent, the standard name MUST win.',
  },
  'APPT-STARTDATE-IGNORED': {
    section: '§4.5 list rule 3', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'GET /appointmentRequests MUST silently ignore startDate and endDate.',
  },
  'APPT-DATE-FORMS': {
    section: '§4.5 list rule 1', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'The list date filters MUST accept both YYYY-MM-DD and ISO 8601 datetime (YYYY-MM-DDThh:mm:ssZ).',
  },
  'APPT-UPDATED-NULL-EXCLUDED': {
    section: '§4.5 list rule 4', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'A request whose updatedAt is null MUST be absent from the updated-date filters.',
  },
  'APPT-PAGING': {
    section: '§4.5 list, §8', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'Walking GET /appointmentRequests with size and page MUST yield each request once, no page larger than size, and as many requests as a reported total.',
  },
  'APPT-RECORD-SHAPE': {
    section: '§2.5 (not shown)', area: 'appointmentRequests', severity: 'trivial', strictness: 'observed',
    must: 'The appointment-request record, the create body beyond §2.5 and the location parameter are not documented; the harness records them.',
  },
  'SLOTS-ISO-REJECTED': {
    section: '§4.5 slots, §7 row 1', area: 'appointmentRequests', severity: 'critical', strictness: 'strict',
    must: 'GET /appointmentRequests/availableSlots with an ISO 8601 datetime in either bound MUST answer 400 (Invalid startDate or endDate).',
  },
  'SLOTS-SLOTDATE-REJECTED': {
    section: '§4.5 slots, §7 row 2', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'availableSlots with slotDateStart/slotDateEnd MUST answer 400 (missing required fields).',
  },
  'SLOTS-WINDOW-REQUIRED': {
    section: '§4.5 slots rules', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'availableSlots without any date pair MUST be refused with a 4xx status (§7 gives no status for it).',
  },
  'SLOTS-HALF-PAIR-REJECTED': {
    section: '§4.5 slots rules', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'availableSlots with one bound of a pair and not the other (a start without its end, an end without its start) MUST be refused with a 4xx: the window needs a whole pair.',
  },
  'SLOTS-WINDOW-BOUNDED': {
    section: '§4.5 slots', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'availableSlots MUST serve the days of the window asked for, and no day before or after it (the days next to its bounds may be in or out).',
  },
  'SLOTS-SHOW-ALL-TRUE': {
    section: '§4.5 slots', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'availableSlots with showAllSlots=true MUST return every day of the window, as it does by default.',
  },
  'SLOTS-LEGACY-PAIR': {
    section: '§4.5 slots', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'availableSlots MUST accept the legacy pair startDate/endDate alone and use it as the window.',
  },
  'SLOTS-STANDARD-WINS': {
    section: '§4.5 slots rules', area: 'appointmentRequests', severity: 'critical', strictness: 'strict',
    must: 'availableSlots MUST prefer appointmentDateStart/End: used and startDate/endDate ignored when both pairs are sent, and never refused where the legacy pair alone is accepted.',
  },
  'SLOTS-SHOW-ALL-DEFAULT': {
    section: '§4.5 slots', area: 'appointmentRequests', severity: 'normal', strictness: 'strict',
    must: 'Without showAllSlots (default true), availableSlots MUST return every day of the window.',
  },
  'SLOTS-SHOW-ALL-FALSE': {
    section: '§4.5 slots', area: 'appointmentRequests', severity: 'trivial', strictness: 'observed',
    must: 'With showAllSlots=false, days with no availability MAY be omitted; the harness records which days came back.',
  },
  'SLOTS-RECORD-SHAPE': {
    section: '§4.5 (not shown)', area: 'appointmentRequests', severity: 'trivial', strictness: 'observed',
    must: 'The slots response shape is not documented; the harness records it.',
  },

  // ── Purchase orders §2.6, §4.6, §5, §7 ──────────────────────────────────────────────────
  'PO-LIST-ENVELOPE': {
    section: '§2.7, §4.6', area: 'purchaseOrders', severity: 'critical', strictness: 'strict',
    must: 'GET /purchaseOrders MUST answer with { status: boolean, data: array, pagination?: object, error: null }.',
  },
  'PO-GET-ENVELOPE': {
    section: '§2.7, §4.6', area: 'purchaseOrders', severity: 'critical', strictness: 'strict',
    must: 'GET /purchaseOrders/{id} MUST answer with { status: boolean, data: object, error: null }.',
  },
  'PO-SOURCE-INVENTORY': {
    section: '§4.6 source table', area: 'purchaseOrders', severity: 'critical', strictness: 'strict',
    must: 'source=inventory MUST return only inventory purchase orders.',
  },
  'PO-SOURCE-ONLINE-CATALOG': {
    section: '§4.6 source table', area: 'purchaseOrders', severity: 'critical', strictness: 'strict',
    must: 'source=online&isPartsCatalog=true MUST return only online orders of the PartsCatalog channel.',
  },
  'PO-SOURCE-ONLINE-OTHER': {
    section: '§4.6 source table', area: 'purchaseOrders', severity: 'critical', strictness: 'strict',
    must: 'source=online&isPartsCatalog=false MUST return only online orders outside the PartsCatalog channel.',
  },
  'PO-SOURCE-ORDERS': {
    section: '§4.6 source table', area: 'purchaseOrders', severity: 'critical', strictness: 'strict',
    must: 'source=orders MUST return only order-level purchase orders (ManualOrder, PartsCatalog, TireCatalog).',
  },
  'PO-SOURCE-ALL-UNION': {
    section: '§4.6 source table', area: 'purchaseOrders', severity: 'critical', strictness: 'strict',
    must: 'source=all, and an omitted source, MUST return the union of the three backends.',
  },
  'PO-UNION-FILTERED': {
    section: '§4.6 source table, §4.6', area: 'purchaseOrders', severity: 'critical', strictness: 'strict',
    must: 'source=all, and an omitted source, sent with a date filter MUST apply it to the orders of every backend: each backend\'s orders inside the window come back and none outside it.',
  },
  'PO-SOURCE-VALUES': {
    section: '§2.6', area: 'purchaseOrders', severity: 'normal', strictness: 'strict',
    must: 'source MUST be one of inventory, online, orders, and integrationSource one of Inventory, PartsCatalog, TireCatalog, ManualOrder.',
  },
  'PO-SOURCE-ONLINE-NEEDS-FLAG': {
    section: '§7 row 4', area: 'purchaseOrders', severity: 'critical', strictness: 'strict',
    must: 'source=online without isPartsCatalog MUST answer 400.',
  },
  'PO-FLAG-ONLY-ONLINE': {
    section: '§7 row 5', area: 'purchaseOrders', severity: 'normal', strictness: 'strict',
    must: 'isPartsCatalog with a source other than online (inventory, orders, all, or none given) MUST answer 400.',
  },
  'PO-REPAIR-ORDER-NOT-INVENTORY': {
    section: '§7 row 6', area: 'purchaseOrders', severity: 'normal', strictness: 'strict',
    must: 'repairOrderId with source=inventory MUST answer 400.',
  },
  'PO-ITEM-TYPE-RESTRICTED': {
    section: '§7 row 7', area: 'purchaseOrders', severity: 'normal', strictness: 'strict',
    must: 'itemType with source=orders, or with source=online&isPartsCatalog=false, MUST answer 400.',
  },
  'PO-UNKNOWN-LOCATION': {
    section: '§7 row 8', area: 'purchaseOrders', severity: 'normal', strictness: 'strict',
    must: 'An unknown locationId MUST answer 400.',
  },
  'PO-LOCATION-ACCEPTED': {
    section: '§4.6, §7 row 8', area: 'purchaseOrders', severity: 'normal', strictness: 'strict',
    must: 'GET /purchaseOrders with a locationId of the company MUST be answered 2xx: only an unknown one is refused.',
  },
  'PO-REPAIR-ORDER-ACCEPTED': {
    section: '§4.6, §7 row 6', area: 'purchaseOrders', severity: 'normal', strictness: 'strict',
    must: 'repairOrderId with source=orders or source=all MUST be answered 2xx: only source=inventory refuses it.',
  },
  'PO-ITEM-TYPE-ACCEPTED': {
    section: '§4.6, §7 row 7', area: 'purchaseOrders', severity: 'normal', strictness: 'strict',
    must: 'itemType with source=inventory, or with source=online&isPartsCatalog=true, MUST be answered 2xx: only source=orders and source=online&isPartsCatalog=false refuse it.',
  },
  'PO-ERROR-IN-ENVELOPE': {
    section: '§7, §2.7', area: 'purchaseOrders', severity: 'normal', strictness: 'strict',
    must: 'A purchase-order error response MUST carry a non-null error in the envelope.',
  },
  'PO-PERMISSION-REQUIRED': {
    section: '§5.3, §7 row 9', area: 'purchaseOrders', severity: 'blocker', strictness: 'strict',
    must: 'Purchase-order endpoints MUST answer 403 to a token without the Purchase Orders permission.',
  },
  'PO-PERMISSION-BEFORE-VALIDATION': {
    section: '§5.3, §7 rows 4-9', area: 'purchaseOrders', severity: 'critical', strictness: 'strict',
    must: 'A purchase-order request without the Purchase Orders permission MUST be answered 403 even when its query breaks a §7 400 rule: the permission is decided before the parameters.',
  },
  'PO-GET-ANY-BACKEND': {
    section: '§4.6 get', area: 'purchaseOrders', severity: 'critical', strictness: 'strict',
    must: 'GET /purchaseOrders/{id} MUST find a record of any backend without a source parameter.',
  },
  'PO-DATES-ISO': {
    section: '§2.6', area: 'purchaseOrders', severity: 'normal', strictness: 'strict',
    must: 'createdDate, updatedDate, invoiceDate and paymentDueDate MUST be ISO 8601 datetimes.',
  },
  'PO-ORDER-ITEMS-ARRAY': {
    section: '§2.6', area: 'purchaseOrders', severity: 'normal', strictness: 'strict',
    must: 'A purchase order read by id MUST carry orderItems as an array of its line items (possibly empty).',
  },
  'PO-LINE-BRAND': {
    section: '§2.6', area: 'purchaseOrders', severity: 'minor', strictness: 'strict',
    must: 'A line item\'s brand MUST be a string or null.',
  },
  'PO-LINE-RESERVED-NULL': {
    section: '§2.6', area: 'purchaseOrders', severity: 'minor', strictness: 'strict',
    must: 'A line item\'s requestedPartNumber and requestedQuantity MUST be null.',
  },
  'PO-DATE-FILTERS': {
    section: '§4.6', area: 'purchaseOrders', severity: 'normal', strictness: 'strict',
    must: 'The created and updated date filters MUST accept YYYY-MM-DD, each bound alone or both, and return only the orders inside the range they bound.',
  },
  'PO-FILTERS-COMBINE': {
    section: '§4.6, §8', area: 'purchaseOrders', severity: 'normal', strictness: 'strict',
    must: 'GET /purchaseOrders sent a row of the source table with date windows, paging, locationId, itemType or repairOrderId MUST apply every one: an order of another backend, or outside a window, stays out.',
  },
  'PO-READ-ONLY': {
    section: '§4.6', area: 'purchaseOrders', severity: 'normal', strictness: 'strict',
    must: 'Purchase orders MUST be read-only: POST, PUT and PATCH (and DELETE) are never answered 2xx.',
  },
  'PO-PAGING': {
    section: '§4.6, §8', area: 'purchaseOrders', severity: 'normal', strictness: 'strict',
    must: 'Walking GET /purchaseOrders with size and page MUST yield each record once, no page larger than size, and as many records as a reported total.',
  },
  'PO-RECORD-SHAPE': {
    section: '§2.6, §4.6 (not shown)', area: 'purchaseOrders', severity: 'trivial', strictness: 'observed',
    must: 'Other purchase-order fields and the pagination object are not documented; the harness records them.',
  },
  'PO-ALL-SLOWER': {
    section: '§8', area: 'purchaseOrders', severity: 'trivial', strictness: 'observed',
    must: 'Fetching all sources is documented as slower than one source.',
    notTestable: 'Advice about performance, not a rule about behaviour.',
  },
} as const satisfies Record<string, Clause>;

export type ClauseId = keyof typeof clauses;
export const clauseIds = Object.keys(clauses) as ClauseId[];

export function clauseOf(id: ClauseId): Clause {
  return clauses[id];
}

export function isStrict(id: ClauseId): boolean {
  const c: Clause = clauses[id];
  return c.strictness === 'strict' && !c.notTestable;
}
