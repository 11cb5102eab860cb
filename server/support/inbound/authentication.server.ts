import type { SenderCheck } from '../../../app/features/support/inbound-mail.ts'

/**
 * What the receiving mail server (Microsoft 365, Google, the company's own) wrote in its
 * Authentication-Results header about the sender's domain: SPF, DKIM and DMARC (RFC 8601).
 * Only the topmost header counts, the one our receiving server added; a sender can write any
 * Authentication-Results of their own below it.
 *
 * - pass: DMARC passed, or DKIM passed for the From domain (or a parent of it), or SPF passed for it
 * - fail: DMARC failed, or nothing passed and SPF or DKIM failed
 * - none: no header, or nothing said about the From domain
 */
export function senderCheck(
  authenticationResults: string[] | undefined,
  fromAddress: string | undefined,
): {
  check: SenderCheck
  details: Record<string, string>
} {
  const header = authenticationResults?.[0]
  const fromDomain = fromAddress?.split('@')[1]?.toLowerCase()
  if (!header || !fromDomain) return { check: 'none', details: {} }
  const details: Record<string, string> = {}
  let dkimPass = false
  let spfPass = false
  let failed = false
  // "mx.example.com; spf=pass smtp.mailfrom=a.com; dkim=pass header.d=a.com; dmarc=pass header.from=a.com"
  for (const part of header
    .replace(/\([^)]*\)/g, ' ')
    .split(';')
    .slice(1)) {
    const words = part.trim().split(/\s+/)
    const [method, result] = (words[0] ?? '').toLowerCase().split('=')
    if (!method || !result) continue
    const properties = new Map(
      words.slice(1).map((word) => {
        const at = word.indexOf('=')
        return [
          word.slice(0, at).toLowerCase(),
          word
            .slice(at + 1)
            .replace(/^"|"$/g, '')
            .toLowerCase(),
        ] as const
      }),
    )
    const domainOf = (value: string | undefined) => value?.split('@').pop()
    const about =
      method === 'dkim'
        ? (properties.get('header.d') ?? domainOf(properties.get('header.i')))
        : method === 'spf'
          ? (domainOf(properties.get('smtp.mailfrom')) ?? properties.get('smtp.helo'))
          : method === 'dmarc'
            ? (properties.get('header.from') ?? fromDomain)
            : undefined
    if (!about || !aligned(about, fromDomain)) continue
    if (!(method in details)) details[method] = result
    if (method === 'dmarc') {
      if (result === 'pass') return { check: 'pass', details }
      if (result === 'fail') return { check: 'fail', details: { ...details, dmarc: 'fail' } }
    }
    if (method === 'dkim' && result === 'pass') dkimPass = true
    if (method === 'spf' && result === 'pass') spfPass = true
    if ((method === 'dkim' || method === 'spf') && ['fail', 'softfail', 'permerror'].includes(result)) failed = true
  }
  if (dkimPass || spfPass) return { check: 'pass', details }
  return { check: failed ? 'fail' : 'none', details }
}

/** The same domain, or one a subdomain of the other (relaxed alignment). */
function aligned(domain: string, fromDomain: string): boolean {
  if (!domain.includes('.')) return false
  return domain === fromDomain || domain.endsWith(`.${fromDomain}`) || fromDomain.endsWith(`.${domain}`)
}
