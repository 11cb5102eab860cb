import { business } from '../../app/content/business.ts'
import type { BillToSnapshot, ClientOnboarding, IssuerSnapshot } from '../db/schema/index.server.ts'

/** The business as it issues documents today (app/content/business.ts); copied onto a document when it is sent. */
export function currentIssuer(): IssuerSnapshot {
  return {
    name: business.name,
    legalName: business.legalName,
    street: business.address.street,
    town: business.address.town,
    state: business.address.state,
    postalCode: business.address.postalCode,
    phone: business.phone,
    email: business.email,
  }
}

/** The client as a document is addressed to them today; copied onto a document when it is sent. */
export function billToOf(
  client: Pick<ClientOnboarding, 'fullName' | 'companyName' | 'email' | 'phone'>,
): BillToSnapshot {
  return {
    name: client.fullName || client.email,
    companyName: client.companyName,
    email: client.email,
    phone: client.phone,
  }
}
