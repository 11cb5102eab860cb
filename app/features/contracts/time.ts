import { businessTimeZone } from '../../lib/business-time'

const newYork = new Intl.DateTimeFormat('en-US', {
  timeZone: businessTimeZone,
  dateStyle: 'long',
  timeStyle: 'long',
})

/**
 * A signature's moment as people read it: New York time with its zone, and the UTC instant that
 * is stored ("March 2, 2026 at 10:00:05 AM EST (2026-03-02 15:00:05 UTC)").
 */
export function formatSignatureTime(moment: Date): string {
  const utc = moment
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, ' UTC')
  return `${newYork.format(moment)} (${utc})`
}
