/**
 * The normative units of the spec the catalogue was written for (contract/spec-units.ts parses them),
 * in the spec's order: the identity of each unit, never its text.
 * - `fingerprint`: first 12 hex characters of sha256 of the unit's normalised text; clauses name
 *   the units they check by it (`spec` in contract/clauses/<area>.ts).
 * - `sketch`: the unit's similarity sketch, so `npm run spec-drift` can tell an edited sentence from
 *   a new one without the project keeping the old wording.
 * - `label`: a paraphrase of at most ten words, never the sentence itself.
 * The list changes only when the spec does: `npm run spec-drift` says what to add, remove or re-read.
 */

export interface SpecUnitRef {
  /** `§4.5`, as the parser derives it from the headings. */
  readonly section: string;
  readonly fingerprint: string;
  readonly sketch: string;
  readonly label: string;
}

export const specIndex = [
  // §0 para 1 s1
  {
    section: '§0',
    fingerprint: 'e7301437dff1',
    sketch: 'c651151f5a93246460390de975de38df',
    label: 'Scope: the six resource areas of the service',
  },
  // §0 para 1 s2
  {
    section: '§0',
    fingerprint: 'db993fc9c272',
    sketch: 'a2ad1e287dabeed93c60b6b0b42a9b6a',
    label: 'Paths are written relative to the base address',
  },
  // §0 para 1 s3
  {
    section: '§0',
    fingerprint: '0377e3adb699',
    sketch: '15f527aa172e63d707fa36f8768b4289',
    label: 'Base address ends in the version segment',
  },
  // §1 para 1 s1
  {
    section: '§1',
    fingerprint: 'b07b8d712e20',
    sketch: 'ac01fc9d1fc74584fc002641b0a4751d',
    label: 'REST over HTTP, JSON both ways',
  },
  // §1 para 1 s2
  {
    section: '§1',
    fingerprint: '9c4c62b348a9',
    sketch: '49486a4fa620e6614ed9f8ccc9e26014',
    label: 'Each record is owned by one company',
  },
  // §1 para 1 s3
  {
    section: '§1',
    fingerprint: 'bbfd41998514',
    sketch: '59e2e9b73e9704f22ac97292c08bd90c',
    label: 'Some endpoints are also scoped to a location',
  },
  // §1 item 1 s1
  {
    section: '§1',
    fingerprint: 'e84148d1a5f0',
    sketch: 'd0821ded5be43525b8cb8bcea4f4c708',
    label: 'Vehicle operations: create, list, update, archive, get',
  },
  // §1 item 1 s2
  {
    section: '§1',
    fingerprint: 'f986b17c2819',
    sketch: '915ed10610a046ad439d1b08f2ad482c',
    label: 'Every vehicle has an owning customer',
  },
  // §1 item 2 s1
  {
    section: '§1',
    fingerprint: '968ca81f5ce0',
    sketch: '5c58041678e322b4d5c4ce131a8b333b',
    label: 'Five kinds of item exist',
  },
  // §1 item 2 s2
  {
    section: '§1',
    fingerprint: '76cad1f225e9',
    sketch: '91581f9668f301f284c9bf099dcbcb33',
    label: 'Item operations; only parts and tires can be created',
  },
  // §1 item 3 s1
  {
    section: '§1',
    fingerprint: '94e00f6fafd1',
    sketch: '538a152448f500c57bbb4bee6ef4ffa0',
    label: 'Customer operations, bulk where an endpoint says so',
  },
  // §1 item 3 s2
  {
    section: '§1',
    fingerprint: '305fa36b8a85',
    sketch: 'a83d018457e7ecd2cd2425caaaf944c2',
    label: 'Customer writes are still in beta',
  },
  // §1 item 4
  {
    section: '§1',
    fingerprint: '05488fb030b6',
    sketch: '4f590c16ca902de0db3a03fef0ba0b07',
    label: 'Levels readable for stocked items, writable in bulk',
  },
  // §1 item 5 s1
  {
    section: '§1',
    fingerprint: 'd94e129b1e1c',
    sketch: 'ad9a7584b0d7e4dc8326eecac9fe7436',
    label: 'Customer booking requests plus a free-slot lookup',
  },
  // §1 item 5 s2
  {
    section: '§1',
    fingerprint: 'e2cc461dd88b',
    sketch: 'd39390042167e7a826a3a857f56114a0',
    label: 'Not the same thing as scheduled appointments',
  },
  // §1 item 6
  {
    section: '§1',
    fingerprint: '687448934f43',
    sketch: 'd5fb462f6bb32dc4b0dde9d981d4c1db',
    label: 'Purchase orders can only be read',
  },
  // §1 para 2 s1
  {
    section: '§1',
    fingerprint: 'e52807fe9ff3',
    sketch: 'b3ba19eaa7d44197d879cd45a502fe6c',
    label: 'Anatomy of an HTTP request',
  },
  // §1 para 2 s2
  {
    section: '§1',
    fingerprint: 'b9e16485c0c0',
    sketch: '94829b2a655e9597585d014880b1ffdc',
    label: 'Anatomy of an HTTP response',
  },
  // §2.1 table row vehicleId
  {
    section: '§2.1',
    fingerprint: '30d64b7a8696',
    sketch: 'b38e1275cca808ffc37844469870b7c6',
    label: 'vehicleId identifies; needed to update or archive',
  },
  // §2.1 table row customerId
  {
    section: '§2.1',
    fingerprint: '34b526cc6bdb',
    sketch: '939e15fd8438041fc378450c50bdab36',
    label: 'customerId is the owner; needed to archive',
  },
  // §2.1 table row year
  {
    section: '§2.1',
    fingerprint: 'dff3bfd6bee4',
    sketch: 'e1fcc7972cf1c5521c7816ee384f5cbc',
    label: 'Model year is an integer',
  },
  // §2.1 table row make
  { section: '§2.1', fingerprint: '6f5f6e4aa67a', sketch: 'c450137600abc96d4e0059555e6c11ea', label: 'Make is text' },
  // §2.1 table row model
  { section: '§2.1', fingerprint: 'be29c83ec91b', sketch: 'f9442efa00eacaf64fa40756de6c123e', label: 'Model is text' },
  // §2.1 table row vehicleName
  {
    section: '§2.1',
    fingerprint: 'fea08f278b7e',
    sketch: '35bf2a7a0c67cadc49703f641c6404da',
    label: 'Vehicle display name is text',
  },
  // §2.1 table row engine
  { section: '§2.1', fingerprint: 'ff3b7c37c8f4', sketch: 'd00d2a7780f38af74d9432559d4f1732', label: 'Engine is text' },
  // §2.1 table row color
  {
    section: '§2.1',
    fingerprint: '49f38fe2de0f',
    sketch: 'f003127900e4c9c240ccd7655153041e',
    label: 'Body colour is text',
  },
  // §2.1 table row licensePlate
  {
    section: '§2.1',
    fingerprint: '394ef28dd21d',
    sketch: 'c72f0a7a112ac9337de408539c4a15e2',
    label: 'Plate number is text',
  },
  // §2.1 table row state
  {
    section: '§2.1',
    fingerprint: '1196618d026e',
    sketch: 'ea96296b897d0835b9a1537d1c7388e5',
    label: 'Plate region code is text',
  },
  // §2.1 table row vin
  { section: '§2.1', fingerprint: '5e59f550ac85', sketch: 'f4401ab60485c9a271a4706d955d153a', label: 'VIN is text' },
  // §2.1 table row imgUrl
  {
    section: '§2.1',
    fingerprint: 'ee5417c90a25',
    sketch: '3fc62fee407aca4b7ab8a8735ae20928',
    label: 'Image URL, possibly empty',
  },
  // §2.1 table row notes
  {
    section: '§2.1',
    fingerprint: '5c9c3bf54306',
    sketch: 'ec6c3ab6c2c1c8da6dd8127f1c63141e',
    label: 'Vehicle notes are text',
  },
  // §2.1 table row tags
  {
    section: '§2.1',
    fingerprint: 'a9f75fbe0749',
    sketch: '2c2e7d28a208b9fa80a664d2df581cc3',
    label: 'Tags: a list of tag objects',
  },
  // §2.1 table row driveType
  {
    section: '§2.1',
    fingerprint: '8bba8bef215a',
    sketch: 'e84e397b0ad309987dfc74471e7015a2',
    label: 'Drive type is text',
  },
  // §2.1 table row transmission
  {
    section: '§2.1',
    fingerprint: '4c49eb84a7cb',
    sketch: 'd8c30eba007ac9767de02354517f543e',
    label: 'Transmission is text',
  },
  // §2.1 table row mileage
  {
    section: '§2.1',
    fingerprint: '10f9fdde4bb8',
    sketch: 'e38219804accc38a72ae33d89a6ccd53',
    label: 'Mileage is numeric',
  },
  // §2.1 table row mileageUnit
  {
    section: '§2.1',
    fingerprint: 'b8bec099c3c2',
    sketch: 'b34c30c54bea1a0836f885499c865482',
    label: 'Mileage unit: Miles or KM in practice',
  },
  // §2.1 table row vehicleStatus
  {
    section: '§2.1',
    fingerprint: '0f048dafd427',
    sketch: '410618290724eb310e58847c5cfbebb2',
    label: 'Vehicle status turns Inactive when archived',
  },
  // §2.1 para 1
  {
    section: '§2.1',
    fingerprint: '66334ef7d102',
    sketch: '36a70028b26689c2f0c8d3d0605c8828',
    label: 'Tag: name plus hex colour, no hash sign',
  },
  // §2.1 para 2
  {
    section: '§2.1',
    fingerprint: '63535d51ffa8',
    sketch: '90f899e948fde65697cf78f549e13d6a',
    label: 'Extra vehicle record fields are undocumented',
  },
  // §2.2 para 1
  {
    section: '§2.2',
    fingerprint: '57825ceedb95',
    sketch: 'd2f5d68d67d346c43d2e9fd54904f52f',
    label: 'Caption: fields an item read returns',
  },
  // §2.2 table 1 row itemId
  { section: '§2.2', fingerprint: '65fede3d5234', sketch: 'f34f25b70fe4c9e1cdec7947de734318', label: 'itemId is text' },
  // §2.2 table 1 row companyId
  {
    section: '§2.2',
    fingerprint: 'be105702e36c',
    sketch: 'cc0f0a330365c9fb51df10545d6fc4d6',
    label: 'Item companyId is text',
  },
  // §2.2 table 1 row itemType
  {
    section: '§2.2',
    fingerprint: '6eb55c915339',
    sketch: 'd0fc2b4877c3ca65461983909ec9405a',
    label: 'Five item types; only part and tire creatable',
  },
  // §2.2 table 1 row itemName
  {
    section: '§2.2',
    fingerprint: '12e6817deba6',
    sketch: 'f00a02f700cfc90dcdac21569c5f0662',
    label: 'Item name is text',
  },
  // §2.2 table 1 row itemNameFR
  {
    section: '§2.2',
    fingerprint: '8eea1c41a2d7',
    sketch: 'e00c077908e5f9edc13d15d11d1f150a',
    label: 'French item name is text',
  },
  // §2.2 table 1 row itemNumber
  {
    section: '§2.2',
    fingerprint: 'f8811e402c44',
    sketch: 'd4cd0a303ee3c94609f46c455c5fd43a',
    label: 'Item number is text',
  },
  // §2.2 table 1 row category
  {
    section: '§2.2',
    fingerprint: '939430d4b4ce',
    sketch: 'dc8d277a1ca1c9c747e19065965c17b2',
    label: 'Category is text',
  },
  // §2.2 table 1 row subCategory
  {
    section: '§2.2',
    fingerprint: 'ca04b4899e71',
    sketch: 'da1f1a7e4074893e0dac64059f4e2612',
    label: 'Sub-category is text',
  },
  // §2.2 table 1 row subSubCategory
  {
    section: '§2.2',
    fingerprint: '4967f7588fc4',
    sketch: '88ce0d7a077ac9f04d1830651e4f246a',
    label: 'Third-level category is text',
  },
  // §2.2 table 1 row description
  {
    section: '§2.2',
    fingerprint: 'd89bd3450e48',
    sketch: 'ddcf12be00e608cd46d702bd5f4f1f2e',
    label: 'Item description is text',
  },
  // §2.2 table 1 row descriptionFR
  {
    section: '§2.2',
    fingerprint: 'db638d1a8c1c',
    sketch: 'ec812a7202c3cbdecde438c5127b1610',
    label: 'French description is text',
  },
  // §2.2 table 1 row displayQuantityOnRO
  {
    section: '§2.2',
    fingerprint: '539b6ef3e584',
    sketch: '294a73c57ce98bd08ab9b2a615ca9dae',
    label: 'Show-quantity-on-repair-order flag is boolean',
  },
  // §2.2 table 1 row displayDescriptionOnRO
  {
    section: '§2.2',
    fingerprint: '20fef6b38a12',
    sketch: '3362658c74f9c8a409984eff19c5a92d',
    label: 'Show-description-on-repair-order flag is boolean',
  },
  // §2.2 table 1 row status
  {
    section: '§2.2',
    fingerprint: '90df66494478',
    sketch: '4d0d1ce9079ec0114488096e0d08a752',
    label: 'Item status Active or Inactive; archive sets Inactive',
  },
  // §2.2 table 1 row taxable
  {
    section: '§2.2',
    fingerprint: 'fa5bbcffa387',
    sketch: '03287a4678ef9825219866df11f4998d',
    label: 'Taxable flag is boolean',
  },
  // §2.2 table 1 row commissionable
  {
    section: '§2.2',
    fingerprint: 'd2e67f037354',
    sketch: '004971b538a9880408683eb812c7a0ed',
    label: 'Commissionable flag is boolean',
  },
  // §2.2 table 1 row internalNotes
  {
    section: '§2.2',
    fingerprint: '7394e2256dcc',
    sketch: 'f4050aa907d8c9d60eb83d71560e3612',
    label: 'Internal notes are text',
  },
  // §2.2 table 1 row salesCodeName
  {
    section: '§2.2',
    fingerprint: '98f838cfba06',
    sketch: '9840283a01ebc9f95e60b0795d7d1516',
    label: 'Sales code name is text',
  },
  // §2.2 table 1 row salesCode
  {
    section: '§2.2',
    fingerprint: '8b1895278195',
    sketch: 'c8cc2a6a00cd0a5e0d6ba855916fbf25',
    label: 'Sales code is text',
  },
  // §2.2 table 1 row details
  {
    section: '§2.2',
    fingerprint: '79c40627809e',
    sketch: '64f8e55c6ff16d2a7adf46f4d3b22061',
    label: 'details: an object shaped by the item type',
  },
  // §2.2 para 2
  {
    section: '§2.2',
    fingerprint: '1794d7bd7580',
    sketch: 'e0fc6d8085bbf6fac6fb86943acde0ab',
    label: 'Each item type has its own details structure',
  },
  // §2.2 para 3
  {
    section: '§2.2',
    fingerprint: 'bcbb3ee128dc',
    sketch: 'a797f52d827c4ed76673c0005b2afa23',
    label: 'Caption: part details structure',
  },
  // §2.2 table 2 row defaultQuantity
  {
    section: '§2.2',
    fingerprint: 'd0ab8d32ba3a',
    sketch: 'f8c21e11ab82a08a79a271931960cf4f',
    label: 'Part default quantity is numeric',
  },
  // §2.2 table 2 row costPerUnit
  {
    section: '§2.2',
    fingerprint: '67ac430b204b',
    sketch: '6b02d1b8ba07c3ab7128bdd76969c44b',
    label: 'Part unit cost is numeric',
  },
  // §2.2 table 2 row hasCore
  {
    section: '§2.2',
    fingerprint: '7eb9922fe774',
    sketch: '20605247446188c0c9b9c67931c6a97f',
    label: 'Part core flag is boolean',
  },
  // §2.2 table 2 row coreCost
  {
    section: '§2.2',
    fingerprint: 'f378f91a9e41',
    sketch: '6f42d5903ac7d08a718eb3d47e424e6b',
    label: 'Core cost is numeric',
  },
  // §2.2 table 2 row totalCost
  {
    section: '§2.2',
    fingerprint: 'c12c38939bcc',
    sketch: '6eb01e804202e29a7ffe71563a48cf43',
    label: 'Part total cost is numeric',
  },
  // §2.2 table 2 row pricePerUnit
  {
    section: '§2.2',
    fingerprint: '4cfdcc5678eb',
    sketch: 'd38c5a107e4d228a793eb9d7594ecb71',
    label: 'Part unit price is numeric',
  },
  // §2.2 table 2 row pricingMatrix
  {
    section: '§2.2',
    fingerprint: '2a50f7547a47',
    sketch: '289114f543c9cae86e54107a140a01f2',
    label: 'Pricing matrix is text',
  },
  // §2.2 table 2 row totalPrice
  {
    section: '§2.2',
    fingerprint: 'd98f1c651959',
    sketch: 'a3a199a87904e5ba523ab1d418464043',
    label: 'Part total price is numeric',
  },
  // §2.2 table 2 row isStockItem
  {
    section: '§2.2',
    fingerprint: '2ba9228ad04b',
    sketch: '346871f450e9a48003b88e0923c53ddd',
    label: 'Stock-item flag is boolean',
  },
  // §2.2 table 2 row supplier
  {
    section: '§2.2',
    fingerprint: '29e5d8a965fd',
    sketch: 'cb8d2e5a00eec25bc9ec300f066b1482',
    label: 'Part supplier is text',
  },
  // §2.2 table 2 row brand
  {
    section: '§2.2',
    fingerprint: '8e7fbef17ee2',
    sketch: '680f29be003709e369a020755cbb0412',
    label: 'Part brand is text',
  },
  // §2.2 table 2 row productLine
  {
    section: '§2.2',
    fingerprint: 'b4a81ba21d76',
    sketch: 'd1c6187a00f1caeb846c30751d54143a',
    label: 'Product line is text',
  },
  // §2.2 table 2 row warrantyEligible
  {
    section: '§2.2',
    fingerprint: 'f971bc4a6945',
    sketch: '1370715462d98c0139b8c27532c6a14d',
    label: 'Warranty eligibility is boolean',
  },
  // §2.2 table 2 row warrantyName
  {
    section: '§2.2',
    fingerprint: '805453224ce9',
    sketch: 'e8cf3afa0ced48ed55e83055827f2897',
    label: 'Warranty name is text',
  },
  // §2.2 table 2 row associatedFeesName
  {
    section: '§2.2',
    fingerprint: '461d5324e1dd',
    sketch: '3919733ed1c1e9b069714ce1ddcb1482',
    label: 'Associated fee names form an array',
  },
  // §2.2 para 4
  {
    section: '§2.2',
    fingerprint: 'dc8231e5c974',
    sketch: '57bb3df0d1d1e688dc40f545240ccba9',
    label: 'Tire details travel in tireDetails on create',
  },
  // §2.2 table 3 row tireDisplayName
  {
    section: '§2.2',
    fingerprint: '7ec2332aab7b',
    sketch: 'fa462935002acbcc0de8b349df6ed732',
    label: 'Tire display name is text',
  },
  // §2.2 table 3 row model
  {
    section: '§2.2',
    fingerprint: '74200849de23',
    sketch: 'f9442efa00eacaf64fa40756de6c123e',
    label: 'Tire model is text',
  },
  // §2.2 table 3 row brand
  {
    section: '§2.2',
    fingerprint: '935947874a80',
    sketch: '680f29be003709e369a020755cbb0412',
    label: 'Tire brand is text',
  },
  // §2.2 table 3 row tireWidth
  {
    section: '§2.2',
    fingerprint: '490052627a29',
    sketch: 'f1cfdfe52431f36a5e7f04fd0644a4df',
    label: 'Tire width is an integer',
  },
  // §2.2 table 3 row tireProfile
  {
    section: '§2.2',
    fingerprint: 'cd36bb9c0dee',
    sketch: 'e57ed5640d71b472dfb31ef20c52b4cf',
    label: 'Tire aspect ratio is an integer',
  },
  // §2.2 table 3 row tireSize
  {
    section: '§2.2',
    fingerprint: '0846c6cf699e',
    sketch: 'cf04377a00c3c9ec6ca40367de7e3d12',
    label: 'Tire size designation is text',
  },
  // §2.2 table 3 row defaultQuantity
  {
    section: '§2.2',
    fingerprint: '8d7642ffa22f',
    sketch: 'f8c21e11ab82a08a79a271931960cf4f',
    label: 'Tire default quantity is numeric',
  },
  // §2.2 table 3 row costPerUnit
  {
    section: '§2.2',
    fingerprint: 'd3a2e31013fa',
    sketch: '6b02d1b8ba07c3ab7128bdd76969c44b',
    label: 'Tire unit cost is numeric',
  },
  // §2.2 table 3 row pricePerUnit
  {
    section: '§2.2',
    fingerprint: '9eb5fcd3b7a9',
    sketch: 'd38c5a107e4d228a793eb9d7594ecb71',
    label: 'Tire unit price is numeric',
  },
  // §2.2 table 3 row seasonality
  {
    section: '§2.2',
    fingerprint: '91cfe2798dd2',
    sketch: '0a04faf42ba31e7ae7c770ea115c708f',
    label: 'Tire season is an integer code',
  },
  // §2.2 para 5
  {
    section: '§2.2',
    fingerprint: 'f3e325c43cc6',
    sketch: '67ff313da9d24a8764384c3d57780be1',
    label: 'Part details travel in partDetails: six fields',
  },
  // §2.2 para 6
  {
    section: '§2.2',
    fingerprint: '0443a70df010',
    sketch: 'c2fb71b7581d5675ee29b0851fb8748a',
    label: 'Labor, discount and fee details undocumented',
  },
  // §2.3 para 1
  {
    section: '§2.3',
    fingerprint: '916a49560bbe',
    sketch: 'bbde2160506966f5830d747750be631a',
    label: 'Customer record fields unknown beyond customerId',
  },
  // §2.4 para 1
  {
    section: '§2.4',
    fingerprint: 'a4b4dfc26997',
    sketch: 'cbff2141d8e956f5830d78777cfe739a',
    label: 'Inventory-level fields unknown beyond itemId',
  },
  // §2.5 para 1 s1
  {
    section: '§2.5',
    fingerprint: '10aeb3413fb6',
    sketch: '57de15fefbbc44340fc15893239e98aa',
    label: 'Create body: minute datetimes, comment, vehicle, services',
  },
  // §2.5 para 1 s2
  {
    section: '§2.5',
    fingerprint: '4661453207e4',
    sketch: '14c11fad9aed05669f2cf04060a5b9fc',
    label: 'Service names the vehicle and returns the name',
  },
  // §2.5 para 1 s3
  {
    section: '§2.5',
    fingerprint: 'f4f9f82516cf',
    sketch: '6810f83c3d80d32a040a86c96064082e',
    label: 'Comment is plain text; newlines survive',
  },
  // §2.5 para 1 s4
  {
    section: '§2.5',
    fingerprint: 'c00d09620a56',
    sketch: '1ddba9d051edf69682ef7ce159f23c9a',
    label: 'Request and slot record fields undocumented',
  },
  // §2.6 para 1
  {
    section: '§2.6',
    fingerprint: 'ead7981ae8e8',
    sketch: 'c0f32dc441757686f6303d075e18127b',
    label: 'Caption: documented purchase-order fields',
  },
  // §2.6 row 1
  {
    section: '§2.6',
    fingerprint: 'fecfbd381c67',
    sketch: 'dfbc26672d6b8dfd90dec778b008d820',
    label: 'id identifies an order',
  },
  // §2.6 row 2
  {
    section: '§2.6',
    fingerprint: '89cae1de0c65',
    sketch: '3ef83550ca035907f7e1999d4f95cbf8',
    label: 'source names the backend, three values',
  },
  // §2.6 row 3
  {
    section: '§2.6',
    fingerprint: '224f55265800',
    sketch: '0a792742e90a5b655aeb5b1f3a45cd1b',
    label: 'integrationSource names the channel, four values',
  },
  // §2.6 row 4
  {
    section: '§2.6',
    fingerprint: 'ea9e21810dec',
    sketch: '9162e06b8503ae0ed1aff65b9590f089',
    label: 'Four order dates in ISO 8601',
  },
  // §2.6 row 5
  {
    section: '§2.6',
    fingerprint: '7cdf28fede21',
    sketch: '785a2816c0902f1ef5fb6cc1cdee080b',
    label: 'orderItems holds the order lines',
  },
  // §2.6 para 2
  {
    section: '§2.6',
    fingerprint: '02fc7937183b',
    sketch: 'ee46072ffb752aec0a49098b3df48d07',
    label: 'Line brand may be null; two reserved fields null',
  },
  // §2.6 para 3 s1
  {
    section: '§2.6',
    fingerprint: '0a5af3201186',
    sketch: 'f0c334050a795ac5f255aa1982598bf4',
    label: 'Orders come from three separate backends',
  },
  // §2.6 para 3 s2
  {
    section: '§2.6',
    fingerprint: '2b8b5793ddd9',
    sketch: 'ccdb74e74a7d56c5a21634385050983a',
    label: 'Further order fields undocumented',
  },
  // §2.7 para 1 s1
  {
    section: '§2.7',
    fingerprint: '163fde9e3674',
    sketch: 'a54dc2ca3f4c68e85961818e30160815',
    label: 'Answer shapes vary per area',
  },
  // §2.7 para 1 s2
  {
    section: '§2.7',
    fingerprint: 'ec416dc199fe',
    sketch: '930a13739aaf175a4c1edc089214ec06',
    label: 'No single common answer shape',
  },
  // §2.7 row 1
  {
    section: '§2.7',
    fingerprint: 'ed28d6e4e76a',
    sketch: '40421d1d1c2024f4c8896a6d27fe0b07',
    label: 'Vehicle and item writes: success, message, data',
  },
  // §2.7 row 2
  {
    section: '§2.7',
    fingerprint: '5056d097acd3',
    sketch: 'dd9112bd972308c47cff5ce28644df0e',
    label: 'Vehicle reads: message plus results content and pagination',
  },
  // §2.7 row 3
  {
    section: '§2.7',
    fingerprint: 'e343829e6c4b',
    sketch: '9f1a28195a3aee9570fb2a731dce48ef',
    label: 'Items list: a Spring-style page object',
  },
  // §2.7 row 4
  {
    section: '§2.7',
    fingerprint: '1eaa36e063e3',
    sketch: 'dd52221d24f328ccaee86f378a06f9a3',
    label: 'Item read: the bare item',
  },
  // §2.7 row 5
  {
    section: '§2.7',
    fingerprint: '91698ea43336',
    sketch: 'fc1b17a3bf24a7c470b36ef101d69dd7',
    label: 'Order list: status, data array, pagination, error',
  },
  // §2.7 row 6
  {
    section: '§2.7',
    fingerprint: '65ff7db6b9f7',
    sketch: 'd453570ffc34a5cc50dd6ab981dcd1d7',
    label: 'Order read: status, data object, error',
  },
  // §2.7 para 2
  {
    section: '§2.7',
    fingerprint: '2bc64b48efce',
    sketch: '9e53b33465bd2690502bc1312e56f937',
    label: 'Item page numbers start at one',
  },
  // §3 table row Vehicle
  {
    section: '§3',
    fingerprint: '6a8dc3d0a2a2',
    sketch: 'e381d62c5cf6e302f37b838df6e8eda2',
    label: 'Archiving a vehicle from any state: Inactive, not deleted',
  },
  // §3 table row Item
  {
    section: '§3',
    fingerprint: '5730b4525bc8',
    sketch: 'd34b10ef8cd02d12f08b898fcde22893',
    label: 'Archiving an item from any state: Inactive',
  },
  // §3 table row Customer
  {
    section: '§3',
    fingerprint: 'edbeaab132dc',
    sketch: 'd39ad32da7d58416c0bb8fac7dafbd20',
    label: 'Archiving a customer from any state inactivates it',
  },
  // §3 para 1 s1
  {
    section: '§3',
    fingerprint: '009f83aa87ff',
    sketch: '45ad23e011d73d31208705498ff06399',
    label: 'Item statuses met: Active and Inactive',
  },
  // §3 para 1 s2
  {
    section: '§3',
    fingerprint: '013abc8ac20c',
    sketch: '6bdbb073e3f13e92a0ab74edc5dfcf1e',
    label: 'Reactivation and request states undocumented',
  },
  // §3 para 1 s3
  {
    section: '§3',
    fingerprint: '32b7eb54e352',
    sketch: '08db7ae1da9d5e18a34924211e30a3fe',
    label: 'No further transitions documented',
  },
  // §4 para 1 s1
  {
    section: '§4',
    fingerprint: 'ca43571082d2',
    sketch: 'fdc553be07939cd9449482324007ca1a',
    label: 'Every endpoint needs the §5 credential',
  },
  // §4 para 1 s2
  {
    section: '§4',
    fingerprint: '1ba88424a52f',
    sketch: '4e0a48e3cf35c13c1bd74cf09de45d12',
    label: 'Bulk bodies: companyId plus an array',
  },
  // §4.1 table row POST /vehicles
  {
    section: '§4.1',
    fingerprint: 'e7ed6a3b87d7',
    sketch: 'acc11c4edd354464db196ea14615c196',
    label: 'Create vehicles, each with its customer',
  },
  // §4.1 table row GET /vehicles
  {
    section: '§4.1',
    fingerprint: '4913c7bc2be3',
    sketch: 'bb0111f199bd027aa0b594ed65f6fcdc',
    label: 'List vehicles: filters, sort, paging, results envelope',
  },
  // §4.1 table row PUT /vehicles
  {
    section: '§4.1',
    fingerprint: '4791b01c9466',
    sketch: '79c1620ede114404175e5eb05630c792',
    label: 'Update: vehicleId plus only the changed fields',
  },
  // §4.1 table row PATCH /vehicles
  {
    section: '§4.1',
    fingerprint: '9ebeb65ed494',
    sketch: 'ffc1420edda524a4f2db4eb06630cb9a',
    label: 'Archive by vehicleId and customerId pairs',
  },
  // §4.1 table row GET /vehicles/{vehicleId}
  {
    section: '§4.1',
    fingerprint: 'b5a05d0f908e',
    sketch: '1db171bd9da208c864f1972605982b2e',
    label: 'Read one vehicle by id',
  },
  // §4.2 table row POST /items
  {
    section: '§4.2',
    fingerprint: 'd68e50a3e549',
    sketch: 'd84a29061cc324e4645b5a81cadcec4b',
    label: 'Create parts or tires with their details',
  },
  // §4.2 table row GET /items
  {
    section: '§4.2',
    fingerprint: '8468d5fbb2de',
    sketch: 'b94b1149dc33a2f4239954359af6e9db',
    label: 'List items: type, number, updated filters, paging',
  },
  // §4.2 table row PATCH /items
  {
    section: '§4.2',
    fingerprint: 'ee05978898ed',
    sketch: '4f4f0c06ecd32410f0cb4e804e12cb9b',
    label: 'Archive items by itemId',
  },
  // §4.2 table row GET /items/{itemId}
  {
    section: '§4.2',
    fingerprint: '4adc8b7b51c8',
    sketch: '5f7321077cd228c044e969370a9ac96b',
    label: 'Read one item by id',
  },
  // §4.2 para 1 s1
  {
    section: '§4.2',
    fingerprint: 'aefa7fc1009e',
    sketch: 'd7dbe42c33f909e543595b1419e0ee40',
    label: 'A part must come with partDetails',
  },
  // §4.2 para 1 s2
  {
    section: '§4.2',
    fingerprint: '25c9c421db98',
    sketch: '931ae57337fb24e4d35b5b0c59bcec40',
    label: 'A tire must come with tireDetails',
  },
  // §4.3 table row POST /customers
  {
    section: '§4.3',
    fingerprint: '2775dd9e8136',
    sketch: '393e011e97014e66cfb447efeb5a3f60',
    label: 'Create customers in bulk (beta)',
  },
  // §4.3 table row GET /customers
  {
    section: '§4.3',
    fingerprint: '1b908e2a5bf1',
    sketch: '9068b02b62bd04b4fdbb0ba682d3b12c',
    label: 'Paged customer list, by location and other filters',
  },
  // §4.3 table row PUT /customers
  {
    section: '§4.3',
    fingerprint: '9de7b35095a7',
    sketch: '39fe032e46014e76cd31cbeab3f2f770',
    label: 'Bulk customer update touches only fields sent',
  },
  // §4.3 table row PATCH /customers
  {
    section: '§4.3',
    fingerprint: '723550b49c1e',
    sketch: 'f38e102deb5d2ee5c3bb49ac7c75bf18',
    label: 'Archive customers in bulk by id list',
  },
  // §4.3 table row GET /customers/{customerId}
  {
    section: '§4.3',
    fingerprint: 'cba3ad27eb85',
    sketch: 'a3d6c1006189a42649bd66e94bbdf124',
    label: 'Read one customer',
  },
  // §4.3 para 1
  {
    section: '§4.3',
    fingerprint: '986f3a8329f0',
    sketch: '94d2f1fa288d52d5822a3c41c18edb5a',
    label: 'Customer parameters, bodies and answers undocumented',
  },
  // §4.4 table row GET /inventoryLevels
  {
    section: '§4.4',
    fingerprint: '60779871fc6f',
    sketch: '0b51005aca038b741ff90b188286b90f',
    label: 'Levels of stocked items over one or more locations',
  },
  // §4.4 table row PUT /inventoryLevels
  {
    section: '§4.4',
    fingerprint: '71210fdf1d41',
    sketch: '4b0def26cab6de221bfa0b3a7abe9f08',
    label: 'Bulk update of levels',
  },
  // §4.4 table row GET /inventoryLevels/{itemId}
  {
    section: '§4.4',
    fingerprint: 'b88927285ccd',
    sketch: '43b323c2daf411a0cfed2a1b4bb24d38',
    label: 'Levels of one item',
  },
  // §4.4 para 1
  {
    section: '§4.4',
    fingerprint: '1ee6448de13d',
    sketch: '84c3f301ea8912d9a26e104182a77b56',
    label: 'Inventory parameters, bodies and answers undocumented',
  },
  // §4.5 POST /appointmentRequests/create para 1
  {
    section: '§4.5',
    fingerprint: 'fd8b20f4e390',
    sketch: '3fd13d5d94d206a6c0a7b7efe1d90fa0',
    label: 'Create a booking request scoped to company and location',
  },
  // §4.5 POST /appointmentRequests/create rule 1
  {
    section: '§4.5',
    fingerprint: '876c93d7e23e',
    sketch: '97ee55cf89beb4100ec0581d24568f22',
    label: 'Create datetimes use the minute format',
  },
  // §4.5 POST /appointmentRequests/create rule 2 s1
  {
    section: '§4.5',
    fingerprint: '8d2dfd985e34',
    sketch: '6ce91136c2c0951ae29b428f5e80182e',
    label: 'Comment goes in description or notes',
  },
  // §4.5 POST /appointmentRequests/create rule 2 s2
  {
    section: '§4.5',
    fingerprint: 'dfe2caf51728',
    sketch: '9b491dc663d6d564126b5b8e4d8c2fce',
    label: 'description beats notes when both are sent',
  },
  // §4.5 POST /appointmentRequests/create rule 2 s3
  {
    section: '§4.5',
    fingerprint: '9333dcbf288f',
    sketch: '709a3935c2c424157ee7ba8ed9603036',
    label: 'Lists show the comment under description',
  },
  // §4.5 POST /appointmentRequests/create rule 3 s1
  {
    section: '§4.5',
    fingerprint: '48141e620cdd',
    sketch: '17db98772de254adcb5cec101635dd6a',
    label: 'Three service-owned fields are forbidden on create',
  },
  // §4.5 POST /appointmentRequests/create rule 3 s2
  {
    section: '§4.5',
    fingerprint: '7d8e8d445310',
    sketch: '6fb95ab79b0916f6e03dec126eec1cdd',
    label: 'Forbidden fields lead to a rejection',
  },
  // §4.5 POST /appointmentRequests/create para 2
  {
    section: '§4.5',
    fingerprint: '212476c15323',
    sketch: '06fb35de5bdd4656b434f81162988bda',
    label: 'Other create fields and location parameter undocumented',
  },
  // §4.5 GET /appointmentRequests para 1
  {
    section: '§4.5',
    fingerprint: 'ebfd0c67ee86',
    sketch: '3d0d657c892ece74141aacca49cbec17',
    label: 'List requests per company and location; filter, sort, page',
  },
  // §4.5 GET /appointmentRequests table row appointmentDateStart, appointmentDateEnd
  {
    section: '§4.5',
    fingerprint: '79b4aa1527fd',
    sketch: '9714c08322f76f8dd0e37f658bbcce9a',
    label: 'Appointment-date pair filters on the start',
  },
  // §4.5 GET /appointmentRequests table row updatedDateStart, updatedDateEnd
  {
    section: '§4.5',
    fingerprint: 'd8e5dc6a4681',
    sketch: '380bdef648a49dfb488b1789a4f5b55d',
    label: 'Updated pair filters on the last change',
  },
  // §4.5 GET /appointmentRequests table row appointmentStartDate, appointmentEndDate
  {
    section: '§4.5',
    fingerprint: '427debe5a039',
    sketch: '3720f773225778f856f34ead83bdcdde',
    label: 'Older names alias the appointment-date pair',
  },
  // §4.5 GET /appointmentRequests para 2
  {
    section: '§4.5',
    fingerprint: '3de9d845afcc',
    sketch: '3e5b24acc34dd183aa9e209539f402a6',
    label: 'Caption: numbered list rules',
  },
  // §4.5 GET /appointmentRequests rule 1
  {
    section: '§4.5',
    fingerprint: '40189277035f',
    sketch: 'dbce41c1003d2c921fc14a3c859fccdd',
    label: 'List dates: plain day or UTC datetime',
  },
  // §4.5 GET /appointmentRequests rule 2
  {
    section: '§4.5',
    fingerprint: '157323a20cbc',
    sketch: 'b75bddc063d219780228db1e8dbc2d8c',
    label: 'Standard name beats its alias',
  },
  // §4.5 GET /appointmentRequests rule 3
  {
    section: '§4.5',
    fingerprint: '41b64cc91bb1',
    sketch: '12ede4093f64ffe51ca184f53743d44d',
    label: 'startDate and endDate do nothing on the list',
  },
  // §4.5 GET /appointmentRequests rule 4 s1
  {
    section: '§4.5',
    fingerprint: 'dc2b821201eb',
    sketch: 'b9de878bf35d0552594d76187dbfe0f4',
    label: 'Updated filters skip records without updatedAt',
  },
  // §4.5 GET /appointmentRequests rule 4 s2
  {
    section: '§4.5',
    fingerprint: '4ad18d2b169c',
    sketch: '9bd607883bd4b5b2f9cc701b457b5baa',
    label: 'Fresh requests may lack updatedAt until changed',
  },
  // §4.5 GET /appointmentRequests/availableSlots para 1
  {
    section: '§4.5',
    fingerprint: '9c83b8dbdbef',
    sketch: '3ddd4dc45cfec93423b9b65ac9bbc4d3',
    label: 'Free slots of one location over a window',
  },
  // §4.5 GET /appointmentRequests/availableSlots table row appointmentDateStart, appointmentDateEnd
  {
    section: '§4.5',
    fingerprint: '123da900dcae',
    sketch: '84e8f023107f61d952e24ba92bf4c7da',
    label: 'Preferred window pair for slots',
  },
  // §4.5 GET /appointmentRequests/availableSlots table row startDate, endDate
  {
    section: '§4.5',
    fingerprint: '0ea2bd442fe2',
    sketch: 'b4ec68803465f99e1ca387c1e1865741',
    label: 'Old window pair still works',
  },
  // §4.5 GET /appointmentRequests/availableSlots table row showAllSlots
  {
    section: '§4.5',
    fingerprint: '03bf6c5bb63e',
    sketch: 'e846342a2a43a22e76ab5a1d12e06ec8',
    label: 'showAllSlots defaults on; off may drop empty days',
  },
  // §4.5 GET /appointmentRequests/availableSlots para 2 s1
  {
    section: '§4.5',
    fingerprint: 'e46f62c8dc94',
    sketch: '10fd55cc43c239ba3018da050dbc2cc7',
    label: 'One window pair required; preferred pair wins',
  },
  // §4.5 GET /appointmentRequests/availableSlots para 2 s2
  {
    section: '§4.5',
    fingerprint: '9e91160fb9c0',
    sketch: '5bee551fafbc34530ec1183e80d44f28',
    label: 'Slot dates are plain days',
  },
  // §4.5 GET /appointmentRequests/availableSlots para 2 s3
  {
    section: '§4.5',
    fingerprint: 'b59ea17faaa6',
    sketch: '294ef2c18540edee1cad8ae7ad43f25d',
    label: 'A datetime in the slot window is a 400',
  },
  // §4.5 GET /appointmentRequests/availableSlots para 2 s4
  {
    section: '§4.5',
    fingerprint: '0895bcf3af8c',
    sketch: '27da6e83a6f85574d37c780162e0fe5a',
    label: 'slotDateStart/End unsupported, answered 400',
  },
  // §4.5 GET /appointmentRequests/availableSlots para 3
  {
    section: '§4.5',
    fingerprint: 'e12fe1f2d1e2',
    sketch: 'a5c3714978cd1e55b4233843c29d0bde',
    label: 'List and slot answers, status filter undocumented',
  },
  // §4.6 GET /purchaseOrders para 1 s1
  {
    section: '§4.6',
    fingerprint: '45fab047d6b5',
    sketch: 'f1ca086d433f0646bdbb2bdf8985e217',
    label: 'Paged order list of one company',
  },
  // §4.6 GET /purchaseOrders para 1 s2
  {
    section: '§4.6',
    fingerprint: 'b8432207e2c5',
    sketch: 'e4fb35441bf7d5cd3357c0ca61d886fa',
    label: 'Orders cannot be created or updated',
  },
  // §4.6 GET /purchaseOrders para 2 s1
  {
    section: '§4.6',
    fingerprint: '788cf689d163',
    sketch: '334e11dcf5e8a2f762dbc5a75c76a967',
    label: 'Query parameters of the order list',
  },
  // §4.6 GET /purchaseOrders para 2 s2
  {
    section: '§4.6',
    fingerprint: 'f6d984b34a0e',
    sketch: '5bee550fb2bd78910dc25a1e8797c0e8',
    label: 'Order date filters take plain days',
  },
  // §4.6 GET /purchaseOrders row 1
  {
    section: '§4.6',
    fingerprint: '476e5afaa1f0',
    sketch: 'f7e94428e2776cc44064cc5a405a3dda',
    label: 'No source, or all: three backends merged',
  },
  // §4.6 GET /purchaseOrders row 2
  {
    section: '§4.6',
    fingerprint: '1a353411a969',
    sketch: 'c7e94443eaf7d5cd115ec009b15ad2da',
    label: 'source=inventory: inventory orders',
  },
  // §4.6 GET /purchaseOrders row 3
  {
    section: '§4.6',
    fingerprint: 'da3f833e2d3b',
    sketch: 'f64f346345c743cdf7db911b815782ff',
    label: 'online, flag true: parts-catalog channel',
  },
  // §4.6 GET /purchaseOrders row 4
  {
    section: '§4.6',
    fingerprint: 'be0564398bd4',
    sketch: 'f6072723a7b777cdb6bba3cb815682fb',
    label: 'online, flag false: the other online channels',
  },
  // §4.6 GET /purchaseOrders row 5
  {
    section: '§4.6',
    fingerprint: '5da811a3b9bf',
    sketch: 'f6cae44548fb92c5b1fb4008825bb8da',
    label: 'source=orders: repair-order-level orders',
  },
  // §4.6 GET /purchaseOrders/{id} para 1 s1
  {
    section: '§4.6',
    fingerprint: '2b2804a46004',
    sketch: '1dfa0ad74e074dc6b1fde3b88008d837',
    label: 'Read a single purchase order',
  },
  // §4.6 GET /purchaseOrders/{id} para 1 s2
  {
    section: '§4.6',
    fingerprint: '6e1ee581ae2d',
    sketch: 'e6cd929f5bdcf526081d7c82caa9dbdd',
    label: 'Order read needs no source: id and company',
  },
  // §4.6 GET /purchaseOrders/{id} para 2
  {
    section: '§4.6',
    fingerprint: 'b2fca5f34155',
    sketch: '1fd3b5f1aa2551d5a6363800e06efdfa',
    label: 'Order fields and pagination shape undocumented',
  },
  // §5 rule 1
  {
    section: '§5',
    fingerprint: '7c9ba8b4bafc',
    sketch: 'b5f52d6f3c9ba6e3a4d870d04c1b82ba',
    label: 'Valid bearer JWT needed on every endpoint',
  },
  // §5 rule 2
  {
    section: '§5',
    fingerprint: '1c3e1a54bc3d',
    sketch: 'f38ed97717e085955c4c56069e77535e',
    label: 'JSON bodies go as application/json',
  },
  // §5 rule 3 s1
  {
    section: '§5',
    fingerprint: '8fa8ff7208bc',
    sketch: 'd45562b734b3e1fdf79a4b7843dbd8db',
    label: 'Order endpoints also need the order permission',
  },
  // §5 rule 3 s2
  {
    section: '§5',
    fingerprint: '83ba9a44f36a',
    sketch: '1442f295a25c31ba10f11c41e3f6f2e8',
    label: 'Lacking that permission yields 403',
  },
  // §5 rule 4
  {
    section: '§5',
    fingerprint: '84010cc2c3ef',
    sketch: 'd7f837dff9d9d693b0eb78913f00ceea',
    label: 'How tokens are obtained is undocumented',
  },
  // §6 para 1
  {
    section: '§6',
    fingerprint: 'f598763028b4',
    sketch: 'a6d374f375dd5e6a234e60211ac6c272',
    label: 'Events and webhooks undocumented',
  },
  // §7 row 1
  {
    section: '§7',
    fingerprint: '2bd388baadec',
    sketch: '356dfec20552efe43ca98a578d47f251',
    label: '400: slots asked with a datetime',
  },
  // §7 row 2
  {
    section: '§7',
    fingerprint: '14171787c80d',
    sketch: 'f7c56e826d7a6644d37d6b574af4fe53',
    label: '400: slots asked with slotDate parameters',
  },
  // §7 row 3
  {
    section: '§7',
    fingerprint: 'ae60757a39ea',
    sketch: '25751dc61cd254c94b54e29be516d9a3',
    label: '400: create carrying service-owned fields',
  },
  // §7 row 4
  {
    section: '§7',
    fingerprint: '088a4b2b1f01',
    sketch: 'a54b365045c7482e36f89bad89448d83',
    label: '400: online source without the catalog flag',
  },
  // §7 row 5
  {
    section: '§7',
    fingerprint: 'a5569a6ff89c',
    sketch: 'a54b0650075343223109981fc9548d46',
    label: '400: catalog flag with a non-online source',
  },
  // §7 row 6
  {
    section: '§7',
    fingerprint: '7310616e01e1',
    sketch: '81c9d690ea5303221c28db9f08544dc8',
    label: '400: repairOrderId with the inventory source',
  },
  // §7 row 7
  {
    section: '§7',
    fingerprint: '74142be8d2eb',
    sketch: '954b365027d74f2e36d99b9f99548dc3',
    label: '400: itemType with orders or non-catalog online',
  },
  // §7 row 8
  {
    section: '§7',
    fingerprint: '38e442c93268',
    sketch: '63cae07eac5f4226e185601f01f50177',
    label: '400: order list with an unknown location',
  },
  // §7 row 9
  {
    section: '§7',
    fingerprint: '9959fc52150e',
    sketch: 'd4a4629770b7c9fd23d142b881dbd8db',
    label: '403: order endpoints without the permission',
  },
  // §7 para 1 s1
  {
    section: '§7',
    fingerprint: 'a6cf7e1871f3',
    sketch: 'ec4477a7ff3405cd40d1aaf893d11914',
    label: 'Order answers hold error; null only on success',
  },
  // §7 para 1 s2
  {
    section: '§7',
    fingerprint: 'a39104b23268',
    sketch: '85cbf7f2f28d56dda06e20300033db9e',
    label: 'Other error bodies undocumented',
  },
  // §7 para 1 s3
  {
    section: '§7',
    fingerprint: 'ea78d5a68707',
    sketch: '44dbb8fa08e51242964878310140065e',
    label: 'Token-failure and unknown-record statuses undocumented',
  },
  // §8 item 1 s1
  {
    section: '§8',
    fingerprint: '2d16f23db6e3',
    sketch: '14b156b30c4731c77cda8d7b00d51bf3',
    label: 'Fetching every source at once is slower',
  },
  // §8 item 1 s2
  {
    section: '§8',
    fingerprint: '790ea7c500cb',
    sketch: '07cdc25c155cf30a1ea0102fdb8d9110',
    label: 'Advice: large syncs should filter by source',
  },
  // §8 item 2
  {
    section: '§8',
    fingerprint: '1d7b3c4db7fe',
    sketch: '9e080346aaf4ce600830d1d083cf21e5',
    label: 'Lists page with size and page',
  },
  // §8 item 3
  {
    section: '§8',
    fingerprint: '8a39dac1756f',
    sketch: '93dbf6cad7fd1e188257542112d8a4f6',
    label: 'Page-size maximum and default undocumented',
  },
  // §8 item 4
  {
    section: '§8',
    fingerprint: '2a51b6590f02',
    sketch: '93ebe0f0d8fd529db053781166c99de6',
    label: 'Rate and size limits undocumented',
  },
  // §9 item 1
  {
    section: '§9',
    fingerprint: '3372af77afe4',
    sketch: '11f507ba372e63d707fa36f8768b8289',
    label: 'v2 is a path segment of the base address',
  },
  // §9 item 2
  {
    section: '§9',
    fingerprint: 'ae23b39fb8fa',
    sketch: 'bada012524174cfecd5e178ae2bd44c0',
    label: 'Beta customer writes may still change',
  },
  // §9 item 3
  {
    section: '§9',
    fingerprint: '0add0a6e8278',
    sketch: '15fb8281da1d56e7a14f4831241c2692',
    label: 'Deprecation policy undocumented',
  },
] as const satisfies readonly SpecUnitRef[];
