export interface SeedFixtures {
  companyId: string;
  otherCompanyId: string;
  locationId: string;
  /** Another location of companyId: the run may set levels of its own items there too (SECOND_LOCATION_ID). */
  secondLocationId: string;
  otherLocationId: string;
  /** An existing customer of companyId, for the vehicle checks. */
  customerId: string;
}

export const fixtures: SeedFixtures = {
  companyId: 'cmp_harbor_auto',
  otherCompanyId: 'cmp_ridge_motors',
  locationId: 'loc_harbor_main',
  secondLocationId: 'loc_harbor_east',
  otherLocationId: 'loc_ridge_main',
  customerId: 'cus_harbor_0001',
};
