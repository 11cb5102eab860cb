import { business, formatHours } from './business'
import { consultation } from './pricing'

/** Copy of the /book page, business and residential variants. */

const minutes = `${consultation.minutes.min}-${consultation.minutes.max} minutes`

export const bookingPage = {
  business: {
    eyebrow: `${consultation.price} consultation · ${minutes}`,
    title: 'Book your free IT consultation',
    lead: `Tell us about your business and we will set up a free, no-obligation consultation of ${minutes}, at your office or online.`,
    formTitle: 'Request your consultation',
    formLead: 'Tell us how to reach you and what you need. We reply within one business day.',
  },
  residential: {
    eyebrow: `${consultation.price} consultation · ${minutes}`,
    title: 'Book your free home tech consultation',
    lead: `Wi-Fi dropping, a slow computer, a new smart device? Book a free, no-obligation consultation of ${minutes}, at your home or online.`,
    formTitle: 'Request your home consultation',
    formLead: 'Tell us how to reach you and what is going on. We reply within one business day.',
  },
} as const

export const whyBook = {
  title: 'Why book a consultation?',
  paragraphs: [
    'Most of the offices and homes we help did not need more technology; they needed someone to look at what they already have, explain it in plain words and fix what matters first.',
    `A consultation is that first look. It is ${consultation.price.toLowerCase()}, it takes ${minutes}, and you leave with a clear picture and honest advice, whether or not you work with us afterwards.`,
  ],
} as const

export const whatYouReceive = {
  title: 'What you receive',
  items: [
    {
      title: 'A review of your setup',
      text: 'Computers, network, Wi-Fi, backups, e-mail and accounts: what works, what is at risk and what is slowing you down.',
    },
    {
      title: 'A security check',
      text: 'The common gaps we see every week, like missing multi-factor sign-in, untested backups and unpatched devices.',
    },
    {
      title: 'Clear recommendations',
      text: 'A short, prioritized list in plain English: what to fix now, what can wait and what you can skip.',
    },
    {
      title: 'Straight pricing',
      text: 'If you want our help, a quote based on our published plans, with no long-term contract required to start.',
    },
  ],
} as const

export const whatToExpect = {
  title: 'What to expect',
  steps: [
    {
      title: 'Send the form',
      text: 'It takes two minutes. You receive a confirmation e-mail with a copy of your request.',
    },
    {
      title: 'We call you to pick a time',
      text: `Within one business day (${business.hours.main.days}, ${formatHours(business.hours.main)}), at the number you gave us.`,
    },
    {
      title: 'The consultation',
      text: `${minutes} with one of our technicians, on site or over a video call, whichever suits you.`,
    },
    {
      title: 'Your written summary',
      text: 'Within two business days: our findings, recommendations and, if you asked for one, a quote.',
    },
  ],
} as const

export const bookingFaq = {
  title: 'Frequently asked questions',
  items: [
    {
      question: 'Is the consultation really free?',
      answer: 'Yes. There is no charge and no obligation, and we do not ask for payment details.',
    },
    {
      question: 'How long does it take?',
      answer: `Between ${consultation.minutes.min} and ${consultation.minutes.max} minutes, depending on the size of your setup and your questions.`,
    },
    {
      question: 'Do you come on site?',
      answer: `Yes, anywhere within about ${business.serviceRadiusMiles.home} miles of our ${business.address.town} office. We can also meet over a video call.`,
    },
    {
      question: 'What should I have ready?',
      answer:
        'Nothing special. A rough count of computers and users, and a list of what bothers you most, helps us use the time well.',
    },
    {
      question: 'Which areas do you serve?',
      answer: `${business.serviceArea.summary}.`,
    },
    {
      question: 'What happens to the information I send?',
      answer:
        'We use it only to arrange and prepare your consultation. We do not sell it or add you to a mailing list.',
    },
  ],
} as const

export const bookingTrust = {
  title: `Why businesses and homeowners trust ${business.name}`,
  points: [
    {
      title: `Local since ${business.foundedYear}`,
      text: `An office in ${business.address.town}, ${business.address.state}, and technicians who live nearby.`,
    },
    {
      title: 'New York and New Jersey',
      text: `Serving ${business.serviceArea.summary}.`,
    },
    {
      title: 'No obligation',
      text: 'The consultation is free. You decide afterwards, with no pressure and no contract to sign.',
    },
    {
      title: 'A real person answers',
      text: `Call ${business.phone}, ${business.hours.main.days}, ${formatHours(business.hours.main)}.`,
    },
  ],
} as const
