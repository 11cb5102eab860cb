/**
 * The copy of the five industry pages and the home page's industries grid. Names and addresses come
 * from catalog.ts; each solution names the service that delivers it.
 */
import { industries, type ServiceKey } from './catalog'
import type { Faq } from './services'

export type IndustryKey = 'cpa' | 'real-estate' | 'property-management' | 'healthcare' | 'small-business'

export type IndustryProblem = { title: string; description: string }
export type IndustrySolution = { title: string; description: string; service: ServiceKey }

export type IndustryCopy = {
  key: IndustryKey
  /** The path in catalog.industries this copy belongs to. */
  path: string
  /** The industry as it reads inside a sentence ("CPA firms", "healthcare offices"). */
  inSentence: string
  /** One line for the home page's industries grid. */
  summary: string
  /** The page's h1. */
  headline: string
  intro: string
  metaDescription: string
  problems: readonly IndustryProblem[]
  solutions: readonly IndustrySolution[]
  faqs: readonly Faq[]
}

export type IndustryDetail = (typeof industries)[number] & IndustryCopy

const copy: readonly IndustryCopy[] = [
  {
    key: 'cpa',
    path: '/industries/cpa-firms',
    inSentence: 'CPA firms',
    summary: 'Tax-season uptime, secure client files and the FTC Safeguards Rule.',
    headline: 'IT for CPA firms and tax practices',
    intro:
      'From January to April every hour counts. We keep your tax software, file server and remote access running through the busy season, protect client Social Security numbers and bank details, and help you meet the security program the IRS and FTC expect from tax preparers.',
    metaDescription:
      'IT support for CPA firms in New York and New Jersey: tax-season uptime, secure client portals, data retention, FTC Safeguards and IRS WISP requirements.',
    problems: [
      {
        title: 'Downtime in tax season',
        description:
          'A failed server or a tax software update that breaks in March costs billable hours you cannot get back before the filing deadline.',
      },
      {
        title: 'Client data that criminals want',
        description:
          'Returns hold Social Security numbers, bank accounts and income details: tax preparers are a favourite target for phishing and identity theft.',
      },
      {
        title: 'A written security program is required',
        description:
          'The FTC Safeguards Rule and the IRS expect every paid preparer to keep a written information security plan and to follow it.',
      },
      {
        title: 'Years of records to keep, then delete',
        description:
          'Returns and workpapers must be kept for the years your retention policy requires, stay findable, and be disposed of securely afterwards.',
      },
    ],
    solutions: [
      {
        title: 'A busy-season readiness check',
        description:
          'Every autumn we test backups, replace weak hardware, update tax software and check remote access before the first return comes in.',
        service: 'managed-it',
      },
      {
        title: 'MFA, encrypted e-mail and a client portal',
        description:
          'MFA on every account, encrypted e-mail for documents, and a secure portal instead of attachments, with staff trained to spot phishing.',
        service: 'cybersecurity',
      },
      {
        title: 'Your WISP written and kept current',
        description:
          'We perform the risk assessment, draft the written information security plan for your review and keep the safeguards it describes in place.',
        service: 'specialty',
      },
      {
        title: 'Retention you can prove',
        description:
          'Client files organised by year in Microsoft 365 or on your server, retention rules that match your policy, and backups kept for the same period.',
        service: 'cloud',
      },
    ],
    faqs: [
      {
        question: 'Do you support our tax and accounting software?',
        answer:
          'Yes. We install updates and keep the servers and workstations behind packages such as UltraTax, Lacerte, ProSeries, Drake, CCH Axcess and QuickBooks running, and work with the vendor when their support is needed.',
      },
      {
        question: 'Can seasonal staff work remotely?',
        answer:
          'Yes. We set up secure remote access with MFA for seasonal preparers, give them only the access they need and remove it at the end of the season.',
      },
    ],
  },
  {
    key: 'real-estate',
    path: '/industries/real-estate-agencies',
    inSentence: 'real estate agencies',
    summary: 'Wire-fraud protection, agents on the move and transaction files kept safe.',
    headline: 'IT for real estate agencies and brokerages',
    intro:
      'Agents work from their cars, open houses and kitchen tables, and every closing involves money moving by wire. We keep your brokerage connected and protect the e-mail accounts criminals use to divert closing funds.',
    metaDescription:
      'IT for real estate brokerages in NY and NJ: wire-fraud and e-mail protection, agent devices, office Wi-Fi, onboarding and offboarding agents, secure transaction files.',
    problems: [
      {
        title: 'Wire fraud at closing',
        description:
          'Criminals break into an agent’s or attorney’s mailbox, watch a deal and send fake wiring instructions days before closing.',
      },
      {
        title: 'Agents come and go',
        description:
          'Agents who join or leave take access to e-mail, the MLS, transaction software and shared drives with them unless someone manages it.',
      },
      {
        title: 'Personal devices everywhere',
        description:
          'Phones and laptops that agents own hold client documents and signed contracts, often with no passcode or backup.',
      },
      {
        title: 'An office that has to impress',
        description:
          'Slow Wi-Fi in the conference room or a printer that fails before a listing presentation reflects on the brokerage.',
      },
    ],
    solutions: [
      {
        title: 'Locked-down e-mail',
        description:
          'MFA on every mailbox, alerts on suspicious forwarding rules, DMARC on your domain and training on verifying wire instructions by phone.',
        service: 'cybersecurity',
      },
      {
        title: 'Onboarding and offboarding checklists',
        description:
          'New agents are set up in a day; departing agents lose access the same day, and their listings and mail stay with the brokerage.',
        service: 'managed-it',
      },
      {
        title: 'Device management for agents',
        description:
          'Company data on phones and laptops kept in managed apps that can be wiped without touching personal photos.',
        service: 'cloud',
      },
      {
        title: 'Office Wi-Fi and printing that work',
        description:
          'Separate networks for agents and visitors, reliable printing and a conference room that connects to a screen the first time.',
        service: 'network',
      },
    ],
    faqs: [
      {
        question: 'Can you help if an agent’s e-mail was already hacked?',
        answer:
          'Yes. Call us straight away: we lock the account, remove malicious rules, check which messages were read or sent and help you warn clients whose deals may be affected.',
      },
      {
        question: 'Do you work with independent agents as well as brokerages?',
        answer:
          'Yes. Independent agents can use our residential or small-business plans; brokerages usually choose a managed plan for the whole office.',
      },
    ],
  },
  {
    key: 'property-management',
    path: '/industries/property-managers',
    inSentence: 'property managers',
    summary: 'Many sites, tenant data, cameras and door access under one support team.',
    headline: 'IT for property management companies',
    intro:
      'Property managers run offices, buildings and field staff at the same time. We support the computers in the office, the tablets in the field and the cameras, door access and Wi-Fi in the buildings, and keep tenant applications and bank details secure.',
    metaDescription:
      'IT for property managers in Rockland, Orange, Westchester, Bergen and Passaic: multi-site networks, cameras, door access, tenant data security and field devices.',
    problems: [
      {
        title: 'Systems spread across many sites',
        description:
          'Each building has its own internet line, cameras, intercom and door system, often installed by different vendors years apart.',
      },
      {
        title: 'Sensitive tenant information',
        description:
          'Rental applications contain Social Security numbers, pay stubs and bank details that must be protected under New York and New Jersey law.',
      },
      {
        title: 'Staff in the field',
        description:
          'Superintendents and leasing agents need work orders, photos and documents on phones and tablets that are easy to lose.',
      },
      {
        title: 'Access that outlives the job',
        description:
          'Former staff and contractors keep door fobs, camera logins and software accounts unless someone removes them.',
      },
    ],
    solutions: [
      {
        title: 'One inventory of every site',
        description:
          'Internet lines, firewalls, cameras and door controllers documented per property, monitored, and supported by one team.',
        service: 'network',
      },
      {
        title: 'Cameras and access control you manage',
        description:
          'Camera systems and key-card doors that your office can manage from one screen, with access removed in seconds.',
        service: 'specialty',
      },
      {
        title: 'Tenant data locked down',
        description:
          'MFA on your property management software, encrypted laptops and secure file sharing instead of e-mailed applications.',
        service: 'cybersecurity',
      },
      {
        title: 'Managed phones and tablets',
        description:
          'Field devices enrolled in device management, with work apps installed, backed up and wiped remotely if lost.',
        service: 'cloud',
      },
    ],
    faqs: [
      {
        question: 'Do you work with our property management software?',
        answer:
          'Yes. Whether you use AppFolio, Buildium, Yardi or another package, we secure the accounts, support the computers that use it and work with the vendor on problems.',
      },
      {
        question: 'Can you take over systems another vendor installed?',
        answer:
          'Usually. We document what is there, recover admin access with you and the vendor, and tell you what is worth keeping.',
      },
    ],
  },
  {
    key: 'healthcare',
    path: '/industries/healthcare-offices',
    inSentence: 'healthcare offices',
    summary: 'HIPAA safeguards, EHR uptime and protected patient records.',
    headline: 'HIPAA-minded IT for medical and dental offices',
    intro:
      'Patients expect their records to be private and your schedule to run on time. We keep your EHR, imaging and front desk running, put in place the HIPAA Security Rule safeguards, and sign a business associate agreement with your practice.',
    metaDescription:
      'IT for healthcare offices in New York and New Jersey: HIPAA risk analysis, business associate agreement, EHR uptime, encrypted devices, backups and staff training.',
    problems: [
      {
        title: 'HIPAA Security Rule obligations',
        description:
          'Practices must perform a risk analysis, control access to patient information, keep audit logs and have a contingency plan.',
      },
      {
        title: 'Ransomware targets healthcare',
        description:
          'Medical practices are attacked because downtime is so disruptive; an encrypted EHR can mean cancelled appointments for days.',
      },
      {
        title: 'A front desk that cannot wait',
        description:
          'Check-in, scanners, label printers and card readers have to work at 8 AM, and every minute of delay backs up the waiting room.',
      },
      {
        title: 'Medical devices on the network',
        description:
          'Imaging equipment and devices running old software need to be kept apart from e-mail and the internet.',
      },
    ],
    solutions: [
      {
        title: 'Risk analysis and a BAA',
        description:
          'A documented HIPAA security risk analysis with a remediation plan, and a business associate agreement before we touch patient data.',
        service: 'specialty',
      },
      {
        title: 'Encryption, MFA and audit trails',
        description:
          'Encrypted laptops and workstations, MFA on the EHR and e-mail, unique logins for every person and encrypted e-mail for patient documents.',
        service: 'cybersecurity',
      },
      {
        title: 'Backups and a contingency plan',
        description:
          'Off-site, tested backups of the EHR and imaging data, and a written plan for seeing patients when a system is down.',
        service: 'managed-it',
      },
      {
        title: 'A segmented network',
        description:
          'Medical devices, guest Wi-Fi and card terminals on separate network segments from the computers holding patient records.',
        service: 'network',
      },
    ],
    faqs: [
      {
        question: 'Will you sign a business associate agreement?',
        answer:
          'Yes. We sign a BAA with every healthcare client before we have access to systems that hold protected health information.',
      },
      {
        question: 'Do you support our EHR or practice management system?',
        answer:
          'We support the computers, servers, network and accounts behind systems such as eClinicalWorks, athenahealth, Dentrix and Eaglesoft, and work directly with the vendor when their support is needed.',
      },
    ],
  },
  {
    key: 'small-business',
    path: '/industries/small-businesses',
    inSentence: 'small businesses',
    summary: 'An IT department for offices without one, at a predictable monthly price.',
    headline: 'IT support for small businesses',
    intro:
      'When the owner or the office manager is also the IT department, small problems eat the day and big risks go unnoticed. We take that job off your plate with friendly support, sensible security and a monthly price you can plan for.',
    metaDescription:
      'Small business IT support in Rockland, Orange, Westchester, Bergen and Passaic counties: help desk, security, backups, Microsoft 365 and predictable monthly pricing.',
    problems: [
      {
        title: 'Nobody owns IT',
        description:
          'Passwords live on sticky notes, nobody knows who has admin access, and problems wait until someone has time.',
      },
      {
        title: 'Backups nobody has tested',
        description:
          'An external drive that was last plugged in months ago is not a backup you can count on when a laptop dies.',
      },
      {
        title: 'Old computers slowing everyone down',
        description:
          'Machines past their prime crash, miss security updates and waste minutes every day for every person.',
      },
      {
        title: 'Unpredictable costs',
        description:
          'Break-fix invoices arrive when things go wrong, which makes IT impossible to budget and easy to put off.',
      },
    ],
    solutions: [
      {
        title: 'A help desk for everyone',
        description:
          'Your staff call us instead of interrupting you, and we keep a record of every computer, password and vendor.',
        service: 'managed-it',
      },
      {
        title: 'Security basics done right',
        description:
          'MFA, endpoint protection, e-mail filtering and short staff training: the controls that stop most attacks on small offices.',
        service: 'cybersecurity',
      },
      {
        title: 'E-mail and files in the cloud',
        description:
          'Business e-mail on your own domain and shared files in Microsoft 365 or Google Workspace, backed up independently.',
        service: 'cloud',
      },
      {
        title: 'A plan and a budget',
        description:
          'A simple replacement schedule for computers and equipment, so upgrades are planned rather than forced by a failure.',
        service: 'consulting',
      },
    ],
    faqs: [
      {
        question: 'Are we too small for managed IT?',
        answer:
          'No. Because plans are priced per user, a five-person office pays for five users. Many of our clients have fewer than twenty people.',
      },
      {
        question: 'What if we only need help once in a while?',
        answer:
          'Projects and one-off fixes are available without a plan. After a free consultation we will tell you honestly whether a monthly plan would save you money.',
      },
    ],
  },
]

export const industryDetails: readonly IndustryDetail[] = industries.map((industry) => {
  const found = copy.find((c) => c.path === industry.path)
  if (!found) throw new Error(`No copy for the industry page ${industry.path}`)
  return { ...industry, ...found }
})

/** The industry page at this path (a trailing slash allowed), if any. */
export function industryByPath(pathname: string): IndustryDetail | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return industryDetails.find((industry) => industry.path === path)
}
