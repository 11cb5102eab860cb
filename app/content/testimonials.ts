/** Client stories on the home page (three, rated 5, 4.8 and 4.9, shown to one decimal). */
export type Testimonial = {
  quote: string
  name: string
  role: string
  organisation: string
  town: string
  /** Out of 5. */
  rating: number
}

export const testimonials: readonly Testimonial[] = [
  {
    quote:
      'Tax season used to mean crossing our fingers every time the server made a noise. Ramapo IT replaced it before January, moved our files to Microsoft 365 and set up MFA for the whole firm. We got through April without losing a single morning.',
    name: 'Maria G.',
    role: 'Managing partner',
    organisation: 'CPA firm',
    town: 'Nanuet, NY',
    rating: 5,
  },
  {
    quote:
      'After a nearby brokerage lost a closing deposit to a fake wire e-mail, we asked Ramapo IT to lock down our mailboxes. Every agent now has MFA and a checklist, and new agents are set up in a day instead of a week.',
    name: 'David K.',
    role: 'Broker-owner',
    organisation: 'Real estate agency',
    town: 'Ridgewood, NJ',
    rating: 4.8,
  },
  {
    quote:
      'They did our HIPAA risk analysis, signed a BAA without any fuss and rebuilt the front desk network. When our EHR vendor had an outage they were on the phone with them before we had finished calling patients.',
    name: 'Priya S.',
    role: 'Practice manager',
    organisation: 'Family medical practice',
    town: 'Pearl River, NY',
    rating: 4.9,
  },
]

/** "5.0", "4.8": ratings are always shown with one decimal. */
export function formatRating(rating: number): string {
  return rating.toFixed(1)
}
