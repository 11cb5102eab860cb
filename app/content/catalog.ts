/**
 * Names and addresses of the service and industry pages: navigation, footer and sitemap read them
 * from here. (Page copy for each lives beside them as the marketing pages are built.)
 */
export type ServiceKey =
  | 'managed-it'
  | 'cybersecurity'
  | 'network'
  | 'cloud'
  | 'consulting'
  | 'specialty'
  | 'residential'

export const services: ReadonlyArray<{ key: ServiceKey; name: string; path: string; summary: string }> = [
  {
    key: 'managed-it',
    name: 'Managed IT Services',
    path: '/services/managed-it',
    summary: 'Help desk, monitoring and patching for a flat monthly fee.',
  },
  {
    key: 'cybersecurity',
    name: 'Cybersecurity',
    path: '/services/cybersecurity',
    summary: 'Endpoint protection, MFA, backups and staff training.',
  },
  {
    key: 'network',
    name: 'Network & Infrastructure',
    path: '/services/network-infrastructure',
    summary: 'Wi-Fi, cabling, firewalls and servers that stay up.',
  },
  {
    key: 'cloud',
    name: 'Cloud Solutions',
    path: '/services/cloud-solutions',
    summary: 'Microsoft 365, Google Workspace and cloud migrations.',
  },
  {
    key: 'consulting',
    name: 'Project Consulting',
    path: '/services/project-consulting',
    summary: 'Office moves, upgrades and technology planning.',
  },
  {
    key: 'specialty',
    name: 'Specialty Services',
    path: '/services/specialty-services',
    summary: 'VoIP, cameras, access control and compliance projects.',
  },
  {
    key: 'residential',
    name: 'Residential IT Support',
    path: '/services/residential',
    summary: 'Home Wi-Fi, computers and smart devices, on site or remote.',
  },
]

export const industries: ReadonlyArray<{ name: string; path: string }> = [
  { name: 'CPA Firms', path: '/industries/cpa-firms' },
  { name: 'Real Estate Agencies', path: '/industries/real-estate-agencies' },
  { name: 'Property Managers', path: '/industries/property-managers' },
  { name: 'Healthcare Offices', path: '/industries/healthcare-offices' },
  { name: 'Small Businesses', path: '/industries/small-businesses' },
]

/** Home page sections reachable from the navigation. */
export const homeSections = {
  whyChooseUs: 'why-choose-us',
  industries: 'industries',
  contact: 'contact',
} as const
