import type { ContractFields } from './states'

/**
 * Placeholders of contract templates: `{{client_name}}` and the like, replaced when staff create a
 * contract for a client. A contract still holding one cannot be sent.
 */

export const placeholders = [
  { key: 'client_name', label: 'Client name', hint: "the client account's full name" },
  { key: 'company', label: 'Company', hint: "the client's company (or the client's name when none)" },
  { key: 'plan', label: 'Plan', hint: 'e.g. Full Help Desk' },
  { key: 'price_per_user', label: 'Price per user', hint: 'per month, e.g. $100.00' },
  { key: 'users', label: 'Number of users', hint: 'e.g. 12' },
  { key: 'start_date', label: 'Start date', hint: 'e.g. June 1, 2026' },
  { key: 'term', label: 'Term', hint: 'e.g. 12 months' },
] as const

export type PlaceholderKey = (typeof placeholders)[number]['key']

const pattern = /\{\{\s*([a-z_]+)\s*\}\}/g

/** The placeholders still in a text (unknown names included), each once. */
export function unfilledPlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(pattern)].map((m) => m[0]))]
}

export type FillValues = ContractFields & { clientName: string; company: string }

export function fillTemplate(body: string, values: FillValues): string {
  const byKey: Record<PlaceholderKey, string> = {
    client_name: values.clientName,
    company: values.company,
    plan: values.plan,
    price_per_user: values.pricePerUser,
    users: values.users,
    start_date: values.startDate,
    term: values.term,
  }
  return body.replace(pattern, (whole, key: string) => {
    const value = byKey[key as PlaceholderKey]
    return value === undefined || value === '' ? whole : value
  })
}

/** One text for every stored contract body: line ends as \n, no trailing spaces, one final newline. */
export function normalizeContractText(text: string): string {
  return `${text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim()}\n`
}
