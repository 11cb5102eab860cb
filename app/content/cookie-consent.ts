import { business } from './business'

/** Wording of the cookie banner and the Cookie Settings dialog. */
export const cookieConsentCopy = {
  banner: {
    title: `Cookies on ${business.name}`,
    text: 'We use necessary cookies to make this site work. With your permission we would also like to use analytics cookies to learn which pages help visitors, and marketing cookies to measure our advertising.',
    gpc: 'Your browser sends a Global Privacy Control signal, so marketing cookies stay off.',
  },
  dialog: {
    title: 'Cookie Settings',
    description:
      'Choose which cookies we may use. Your choice is kept in this browser for 12 months, and you can change it at any time from the Cookie Settings link at the bottom of every page.',
    gpc: 'Marketing cookies are off because your browser sends a Global Privacy Control signal, which we treat as a request not to share your data for advertising. You can still switch them on here.',
  },
  categories: [
    {
      key: 'necessary',
      label: 'Necessary',
      description: 'Keep the site secure and working, and remember your cookie choices. Always on.',
    },
    {
      key: 'analytics',
      label: 'Analytics',
      description: 'Count visits and show us which pages are useful, so we can improve the site.',
    },
    {
      key: 'marketing',
      label: 'Marketing',
      description: 'Measure our advertising and let our ad partners show you relevant offers on other sites.',
    },
  ],
  privacyLink: { label: 'Privacy Policy', to: '/privacy' },
  actions: {
    settings: 'Cookie Settings',
    reject: 'Reject Non-Essential',
    accept: 'Accept All',
    cancel: 'Cancel',
    save: 'Save Preferences',
  },
} as const
