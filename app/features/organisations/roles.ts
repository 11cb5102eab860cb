/**
 * What an organisation is and the roles its people hold (docs/accounts.md#organisations). One list
 * each, shared by the database schema, the forms and the access rule.
 */

/** A business (an office) or a household. */
export const organisationKinds = ['business', 'household'] as const
export type OrganisationKind = (typeof organisationKinds)[number]

/** The states the business serves. */
export const organisationStates = ['NY', 'NJ'] as const
export type OrganisationState = (typeof organisationStates)[number]

/**
 * A person's role in their organisation: an owner may do everything and manages the people;
 * billing handles estimates, invoices, receipts and payments and reads contracts; a member asks for
 * help and follows their own requests and appointments.
 */
export const organisationRoles = ['owner', 'billing', 'member'] as const
export type OrganisationRole = (typeof organisationRoles)[number]

export const organisationKindLabels: Record<OrganisationKind, string> = {
  business: 'Business',
  household: 'Household',
}

export const organisationRoleLabels: Record<OrganisationRole, string> = {
  owner: 'Owner',
  billing: 'Billing',
  member: 'Member',
}
