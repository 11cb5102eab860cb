import { business } from './business'
import { bookingPath } from './links'
import { planByKey } from './pricing'

/**
 * The promotional offer at /promotional-offer (also reached from /homeowner-intake). The free time
 * is valued at the Residential Hourly rate from pricing.ts, so the two never disagree.
 */
const hourly = planByKey('hourly')
const ratePerMinute = Number(hourly?.priceLabel.replace(/[^0-9.]/g, '') ?? 0)
const freeMinutes = 30

export const promotionalOffer = {
  headline: `New client offer: your first ${freeMinutes} minutes of home IT support free`,
  intro: `New to ${business.name}? Your first ${freeMinutes} minutes of Residential Hourly support are on us, remote or at your home, together with a free Wi-Fi and security check-up. Opening a business account instead? Your first network and security assessment is free.`,
  metaDescription: `New clients get ${freeMinutes} minutes of home IT support free (worth $${(freeMinutes * ratePerMinute).toFixed(2)}) plus a Wi-Fi and security check-up, across Rockland, Orange, Westchester, Bergen and Passaic.`,
  freeMinutes,
  /** "$62.40": the free minutes at the Residential Hourly rate. */
  value: `$${(freeMinutes * ratePerMinute).toFixed(2)}`,
  hourlyRate: hourly?.priceLabel ?? '',
  benefits: [
    {
      title: `${freeMinutes} minutes free`,
      description: `Your first residential session, remote or on site, starts with ${freeMinutes} minutes at no charge: enough to fix most Wi-Fi, printer, e-mail and slow-computer problems.`,
    },
    {
      title: 'Wi-Fi and security check-up',
      description:
        'During that first session we check your router’s firmware and passwords, Wi-Fi coverage, computer updates, antivirus and backups, and tell you what needs attention.',
    },
    {
      title: 'Business clients: a free assessment',
      description:
        'New business clients get a network and security assessment with written findings, ranked by risk, after their free consultation, whether or not they sign up.',
    },
  ],
  steps: [
    'Book online with the button below, or call us, and mention the new client offer.',
    'We confirm a time for a remote session or a home visit, usually within one or two business days.',
    `We start the clock: the first ${freeMinutes} minutes are free, and we tell you before any paid time begins.`,
  ],
  terms: [
    `For new clients only: households and businesses that have not been invoiced by ${business.name} before.`,
    'One offer per household or business, at an address in Rockland, Orange or Westchester County, NY, or Bergen or Passaic County, NJ.',
    `The free minutes apply to the first residential session only. Time beyond ${freeMinutes} minutes is billed at the Residential Hourly rate of ${hourly?.priceLabel ?? ''}, and only after you agree to continue.`,
    'Hardware, software, licences and parts are not included. The offer has no cash value and cannot be combined with other offers.',
    'The free business assessment covers one location and is delivered as a written report; fixing the findings is quoted separately.',
    'We may change or end this offer at any time; bookings confirmed before a change are honoured on the terms shown when they were made.',
  ],
  cta: { label: 'Claim the offer', to: bookingPath({ service: 'residential', plan: 'hourly' }) },
  businessCta: { label: 'Book a business assessment', to: bookingPath({ service: 'managed-it' }) },
} as const
