import { business } from './business'
import { planByKey } from './pricing'

/** The four reasons of the home page's "Why Choose Us" section. */
export type Reason = { key: 'local' | 'pricing' | 'security' | 'experience'; title: string; description: string }

/**
 * The reasons with the radius of the page that shows them: the home page says the business's
 * whole area (60 miles), a town page the radius it promises around that town (50), so a town page
 * never gives two different figures.
 */
export function whyChooseUsReasons(radiusMiles: number = business.serviceRadiusMiles.home): readonly Reason[] {
  return [
    {
      key: 'local',
      title: 'Local, and on site when it matters',
      description: `Our office is in ${business.address.town}, ${business.address.state}. We serve ${business.serviceArea.summary}, within about ${radiusMiles} miles, so a technician can be at your door instead of a ticket queue three states away.`,
    },
    {
      key: 'pricing',
      title: 'Clear, published prices',
      description: `Basic Support is ${planByKey('basic')?.priceLabel} and Full Help Desk ${planByKey('full')?.priceLabel}. You know the monthly cost before you sign, and projects are quoted at a fixed price.`,
    },
    {
      key: 'security',
      title: 'Security built in, not sold as an extra',
      description:
        'Multi-factor authentication, endpoint protection, patching and tested backups are part of how we support every client, because most small-business breaches start with one of them missing.',
    },
    {
      key: 'experience',
      title: `Serving the area since ${business.foundedYear}`,
      description:
        'We have grown up alongside CPA firms, medical offices, brokerages, property managers and households in the Hudson Valley and North Jersey. You talk to people who know your setup and explain things in plain English.',
    },
  ]
}

export const whyChooseUs: readonly Reason[] = whyChooseUsReasons()
