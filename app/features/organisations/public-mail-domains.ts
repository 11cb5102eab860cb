/**
 * Mail services anyone can sign up to: an address there says nothing about whose office a person
 * works in, so the approval screen never matches organisations by these domains.
 */
export const publicMailDomains: ReadonlySet<string> = new Set([
  'aol.com',
  'att.net',
  'comcast.net',
  'gmail.com',
  'gmx.com',
  'googlemail.com',
  'hotmail.com',
  'icloud.com',
  'live.com',
  'mac.com',
  'mail.com',
  'me.com',
  'msn.com',
  'optonline.net',
  'outlook.com',
  'proton.me',
  'protonmail.com',
  'verizon.net',
  'yahoo.com',
  'yandex.com',
  'zoho.com',
])

/** The domain of an e-mail address, lower-cased; null when it is one of the public mail services. */
export function organisationDomainOf(email: string): string | null {
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
  if (!domain || publicMailDomains.has(domain)) return null
  return domain
}
