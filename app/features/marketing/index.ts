// What other features may use of the public site's building blocks (the town page body in
// features/locations renders with them). Pages in app/routes import the files directly.
export { CtaBand } from './cta-band'
export { PageHero } from './page-hero'
export { ReasonList } from './reason-list'
export { Section, SectionHeader } from './section'
export { serviceIcons } from './service-icon'
