/**
 * The copy of the seven service pages and of the home page's services grid. Names, addresses and
 * booking keys come from catalog.ts, prices from pricing.ts: edit the words here, the facts there.
 */
import { type ServiceKey, services } from './catalog'
import { planByKey } from './pricing'

export type Feature = { title: string; description: string }
export type Step = { title: string; description: string }
export type Faq = { question: string; answer: string }

export type ServiceCopy = {
  /** The page's h1. */
  headline: string
  /** The first paragraph under the h1. */
  intro: string
  /** Meta description (search results): 120–160 characters. */
  metaDescription: string
  /** schema.org Service.serviceType. */
  serviceType: string
  /** What is included. The first four also appear on the home page's services grid. */
  features: readonly Feature[]
  /** Who it is for. */
  audience: readonly string[]
  /** How an engagement works, in order. */
  steps: readonly Step[]
  faqs: readonly Faq[]
}

export type ServiceDetail = (typeof services)[number] & ServiceCopy

const price = (key: Parameters<typeof planByKey>[0]) => planByKey(key)?.priceLabel ?? ''
const basic = price('basic')
const full = price('full')
const hourly = price('hourly')
const subscription = price('subscription')

/** The first steps of every business engagement start with the free consultation. */
const consultationStep: Step = {
  title: 'Free consultation',
  description:
    'A 30–60 minute conversation, at your office or by video, about how you work, what keeps breaking and what has to be protected. No cost and no obligation.',
}

const copy: Record<ServiceKey, ServiceCopy> = {
  'managed-it': {
    headline: 'Managed IT services that keep your office working',
    intro:
      'We become your IT department for a flat monthly fee per user: a help desk your staff can call, monitoring that spots trouble before it stops work, and updates, backups and vendor calls handled for you.',
    metaDescription: `Managed IT for offices in Rockland, Orange, Westchester, Bergen and Passaic counties: help desk, monitoring, patching and backups from ${basic}.`,
    serviceType: 'Managed IT services',
    features: [
      {
        title: 'Help desk for every user',
        description:
          'Staff call, e-mail or open a ticket and reach a technician who already knows your computers, printers and software, Monday to Friday.',
      },
      {
        title: 'Monitoring and alerts',
        description:
          'An agent on every computer and server reports full disks, failed backups and warning signs, so we fix problems before someone notices.',
      },
      {
        title: 'Patching on a schedule',
        description:
          'Windows, macOS and the apps attackers target most (browsers, PDF readers, Java, Zoom) are updated after hours and reported monthly.',
      },
      {
        title: 'Backups checked, restores tested',
        description:
          'We confirm every backup finished and restore sample files each quarter, so a deleted folder or failed drive is an inconvenience, not a crisis.',
      },
      {
        title: 'New hires and departures',
        description:
          'Accounts, laptop and licences ready on the first day; access removed the day someone leaves, with their mailbox and files kept for you.',
      },
      {
        title: 'One call for every vendor',
        description:
          'We deal with your internet provider, copier company and line-of-business software support so your team does not sit on hold.',
      },
    ],
    audience: [
      'Offices of 5 to 75 people without a full-time IT person',
      'Businesses where the office manager or a partner has become "the computer person"',
      'Firms that want a predictable monthly IT cost instead of surprise invoices',
      'Companies with a second location or remote staff to support',
    ],
    steps: [
      consultationStep,
      {
        title: 'Assessment',
        description:
          'We inventory computers, accounts, backups and the network, and give you a written list of what is at risk, ranked by urgency.',
      },
      {
        title: 'Onboarding',
        description:
          'Over two to three weeks we install monitoring, document passwords and vendors, fix the urgent items and introduce the help desk to your staff.',
      },
      {
        title: 'Ongoing support',
        description:
          'Day-to-day help desk, monthly patch and backup reports, and a quarterly review of what to replace, upgrade or budget for next.',
      },
    ],
    faqs: [
      {
        question: 'What does managed IT cost?',
        answer: `Basic Support is ${basic} and covers the remote help desk, monitoring, patching and endpoint protection. Full Help Desk is ${full} and adds on-site visits, Microsoft 365 or Google Workspace administration, tested backups, onboarding and offboarding, and quarterly reviews. Offices with special requirements get a custom quote.`,
      },
      {
        question: 'Do you come on site?',
        answer:
          'Yes. Most requests are solved remotely within minutes, but Full Help Desk includes on-site visits anywhere in Rockland, Orange and Westchester counties in New York and Bergen and Passaic counties in New Jersey.',
      },
      {
        question: 'We already have someone who handles IT. Can you work with them?',
        answer:
          'Yes. Many clients keep an in-house person for day-to-day questions and use us for monitoring, security, projects and backup when they are away. We scope this as a Custom Solutions plan.',
      },
      {
        question: 'Is there a long-term contract?',
        answer:
          'Plans run month to month after onboarding. We would rather keep you because the computers work than because a contract says so.',
      },
    ],
  },
  cybersecurity: {
    headline: 'Cybersecurity for small businesses, without the jargon',
    intro:
      'Most break-ins at small offices start with a stolen password or a convincing e-mail. We put the protections in place that stop them, train your staff to spot them, and make sure you can recover if something gets through.',
    metaDescription:
      'Cybersecurity for New York and New Jersey small businesses: endpoint protection, MFA, e-mail security, tested backups, staff training and risk assessments.',
    serviceType: 'Cybersecurity services',
    features: [
      {
        title: 'Endpoint detection and response',
        description:
          'Managed protection on every computer that stops ransomware and suspicious behaviour, watched by us rather than left to pop-ups nobody reads.',
      },
      {
        title: 'Multi-factor authentication',
        description:
          'MFA on e-mail, remote access, banking and the cloud apps that hold client data, rolled out with your staff so nobody gets locked out.',
      },
      {
        title: 'E-mail security',
        description:
          'Filtering for phishing and malicious attachments, plus SPF, DKIM and DMARC on your domain so criminals cannot send mail as you.',
      },
      {
        title: 'Backups ransomware cannot reach',
        description:
          'Copies kept off site and out of reach of your network, with restores tested so you know how long getting back to work takes.',
      },
      {
        title: 'Security awareness training',
        description:
          'Short training sessions and simulated phishing e-mails, with results by person, so your team learns what to do before a real attack.',
      },
      {
        title: 'Risk assessment and written program',
        description:
          'A documented review of your risks and safeguards, the kind the NY SHIELD Act, the FTC Safeguards Rule, HIPAA and cyber insurers expect.',
      },
    ],
    audience: [
      'Businesses holding Social Security numbers, bank details or health information of clients',
      'Offices whose cyber insurance renewal asks about MFA, EDR and backups',
      'Teams that have had a phishing scare, a hacked mailbox or a fraudulent wire request',
      'Owners who want to know, in plain English, where they stand',
    ],
    steps: [
      consultationStep,
      {
        title: 'Security assessment',
        description:
          'We check accounts, devices, e-mail settings, backups and the firewall, and show you the gaps in a short report ranked by risk and cost.',
      },
      {
        title: 'Hardening',
        description:
          'We close the biggest gaps first, usually MFA, endpoint protection and backups, then e-mail authentication and the firewall.',
      },
      {
        title: 'Training and review',
        description:
          'Staff training and phishing simulations through the year, and an annual reassessment you can hand to your insurer or auditor.',
      },
    ],
    faqs: [
      {
        question: 'We have antivirus. Is that not enough?',
        answer:
          'Traditional antivirus recognises known threats. Endpoint detection and response also watches behaviour, such as a program encrypting hundreds of files, and stops it. Combined with MFA and offline backups, it covers the ways small offices are actually attacked.',
      },
      {
        question: 'Does the law require us to protect client data?',
        answer:
          "New York's SHIELD Act requires any business holding private information of New York residents to keep reasonable administrative, technical and physical safeguards, wherever the business is located. New Jersey's Data Privacy Act adds security duties for businesses that process personal data of New Jersey residents, and tax preparers and medical offices have their own rules (the FTC Safeguards Rule and HIPAA). Your attorney advises on what applies; we help you put the safeguards in place and document them.",
      },
      {
        question: 'Can you help with our cyber insurance questionnaire?',
        answer:
          'Yes. We fill in the technical answers with you, put missing controls in place before renewal, and give you documentation to back up what you answered.',
      },
      {
        question: 'What happens if we are hacked?',
        answer:
          'Call us right away. We isolate the affected computers, reset compromised accounts, restore from clean backups and preserve the evidence your insurer and attorney will need, including for any breach notification.',
      },
    ],
  },
  network: {
    headline: 'Business networks and Wi-Fi that stay up',
    intro:
      'Slow Wi-Fi, dropped video calls and a closet full of unlabelled cables cost you time every day. We design, install and look after networks that are fast, secure and documented, from a single office to several sites.',
    metaDescription:
      'Business Wi-Fi, structured cabling, firewalls, switches and servers installed and supported across Rockland, Orange, Westchester, Bergen and Passaic counties.',
    serviceType: 'Network installation and support',
    features: [
      {
        title: 'Business-grade Wi-Fi',
        description:
          'A site survey, access points placed where people work, and separate networks for staff, guests and devices like printers and cameras.',
      },
      {
        title: 'Firewalls and secure remote access',
        description:
          'A managed firewall with current firmware, filtering and a VPN, so staff working from home reach the office safely.',
      },
      {
        title: 'Structured cabling',
        description:
          'Cat6 runs, patch panels and racks installed neatly, tested and labelled, so the next move or change is quick.',
      },
      {
        title: 'Switches and network segments',
        description:
          'Managed switches with VLANs that keep payment terminals, phones and guest devices apart from the computers holding your data.',
      },
      {
        title: 'Servers and file storage',
        description:
          'On-site servers and network storage sized for your needs, kept patched, backed up and replaced before they fail.',
      },
      {
        title: 'Internet with a backup line',
        description:
          'We work with Optimum, Verizon Fios and other carriers, and add a second connection that takes over automatically when the first goes down.',
      },
    ],
    audience: [
      'Offices with Wi-Fi dead spots or calls that drop in some rooms',
      'Businesses moving, expanding or opening a second location',
      'Practices and shops with card terminals, cameras or medical devices on the network',
      'Anyone whose network was set up years ago by someone no longer around',
    ],
    steps: [
      consultationStep,
      {
        title: 'Site survey',
        description:
          'We walk the space, measure Wi-Fi coverage, map the existing equipment and cabling, and note what can be reused.',
      },
      {
        title: 'Fixed-price proposal',
        description:
          'A written design with equipment, labour and a schedule, so you know the cost before anything is ordered.',
      },
      {
        title: 'Installation and handover',
        description:
          'Work scheduled around your hours, after hours where needed, then a network diagram, labelled ports and passwords handed over.',
      },
    ],
    faqs: [
      {
        question: 'Can you do the work outside business hours?',
        answer:
          'Yes. Cut-overs of firewalls, switches or internet lines are scheduled in the evening or at the weekend so your office is not offline during the day.',
      },
      {
        question: 'Do we have to buy the equipment from you?',
        answer:
          'No. We recommend specific business-grade equipment and can supply it, but we are happy to install hardware you buy yourself if it fits the design.',
      },
      {
        question: 'Will you deal with our internet provider?',
        answer:
          'Yes. We open and follow up the tickets with your carrier, are there when the technician comes, and check the line performs as promised.',
      },
      {
        question: 'Can you support the network after installation?',
        answer:
          'Yes. Monitoring and firmware updates for firewalls, switches and access points are part of our managed IT plans, or available on their own.',
      },
    ],
  },
  cloud: {
    headline: 'Cloud solutions: Microsoft 365, Google Workspace and beyond',
    intro:
      'Moving e-mail and files to the cloud should make work easier, not scatter your data across personal accounts. We set up, migrate and manage Microsoft 365 and Google Workspace properly, with security and backup included.',
    metaDescription:
      'Microsoft 365 and Google Workspace setup, e-mail and file migrations, cloud backup and device management for businesses in New York and New Jersey.',
    serviceType: 'Cloud migration and administration',
    features: [
      {
        title: 'Microsoft 365 and Google Workspace',
        description:
          'Tenants set up or cleaned up: the right licences, shared mailboxes, calendars, Teams or Meet, and sensible sharing settings.',
      },
      {
        title: 'E-mail migration',
        description:
          'Mailboxes moved from old hosting or another provider with every message, contact and calendar, cut over at the weekend.',
      },
      {
        title: 'Files off the old server',
        description:
          'Shared drives moved to SharePoint, OneDrive or Google Drive with the same folders and permissions your staff already know.',
      },
      {
        title: 'Cloud-to-cloud backup',
        description:
          'Independent backups of mail, files and Teams, because deleted items are only kept for a limited time by Microsoft and Google.',
      },
      {
        title: 'Device management',
        description:
          'Laptops and phones enrolled with Intune or Google endpoint management, so a lost device can be locked and wiped remotely.',
      },
      {
        title: 'Hosted applications',
        description:
          'Line-of-business software that needs a server run in Microsoft Azure or a hosted environment, reachable securely from anywhere.',
      },
    ],
    audience: [
      'Offices still running e-mail through a web host or an old Exchange server',
      'Teams whose files live on one aging server in a closet',
      'Businesses using personal Gmail or Dropbox accounts for company work',
      'Firms that want staff to work from home without a VPN',
    ],
    steps: [
      consultationStep,
      {
        title: 'Plan',
        description:
          'We list mailboxes, shared files and apps, choose the licences you actually need and agree a cut-over date.',
      },
      {
        title: 'Migrate',
        description:
          'Data is copied in the background, then switched over at the weekend; staff arrive on Monday to their mail and files in the new place.',
      },
      {
        title: 'Secure and support',
        description:
          'MFA, backup and device management are switched on, and our help desk answers the "where is my file" questions in the first weeks.',
      },
    ],
    faqs: [
      {
        question: 'Microsoft 365 or Google Workspace: which is right for us?',
        answer:
          'If your team lives in Word and Excel or uses software that plugs into Outlook, Microsoft 365 is usually the better fit. Teams that already work in a browser often prefer Google Workspace. We explain the trade-offs in the consultation and support both.',
      },
      {
        question: 'Will we lose e-mail during the migration?',
        answer:
          'No. Mail is copied before the switch and the change of mail routing happens out of hours. Messages that arrive during the change are delivered to the new mailboxes.',
      },
      {
        question: 'Do we still need backups if everything is in the cloud?',
        answer:
          'Yes. Microsoft and Google keep your service running, but deleted or encrypted items are recoverable only for a limited time. An independent backup lets us restore a mailbox or folder from months ago.',
      },
      {
        question: 'Can you reduce what we pay for licences?',
        answer:
          'Often. We review who has which licence, remove unused accounts and match plans to what each person really uses.',
      },
    ],
  },
  consulting: {
    headline: 'IT project consulting with a fixed scope and a fixed price',
    intro:
      'Office moves, hardware refreshes, new software and new locations go smoothly when someone plans the technology in advance. We scope the project, give you a fixed price and deliver it on a schedule that suits your business.',
    metaDescription:
      'IT project consulting in NY and NJ: office moves, technology roadmaps and budgets, hardware refreshes, software selection and new locations at a fixed price.',
    serviceType: 'IT consulting',
    features: [
      {
        title: 'Office moves and build-outs',
        description:
          'Cabling, internet orders, phones and Wi-Fi planned with your landlord and contractors, so the new office works on the first morning.',
      },
      {
        title: 'Technology roadmap and budget',
        description:
          'A three-year plan of what to replace and when, with costs, so IT spending stops arriving as emergencies.',
      },
      {
        title: 'Hardware refresh',
        description:
          'New computers chosen, set up with your software and data, and swapped in with minimal downtime for each person.',
      },
      {
        title: 'Software selection',
        description:
          'Help choosing practice management, accounting or CRM software: requirements, demos, data migration and training.',
      },
      {
        title: 'New locations',
        description:
          'A second office or a satellite site connected to the first, with the same security, printers and shared files.',
      },
      {
        title: 'IT documentation',
        description:
          'Passwords, vendors, licences and network diagrams written down in one place you own, whoever supports you.',
      },
    ],
    audience: [
      'Businesses moving offices or opening a new location in the next year',
      'Owners who need an IT budget for the coming years',
      'Teams replacing a key piece of software or a fleet of computers',
      'Companies with in-house IT who need extra hands for a project',
    ],
    steps: [
      consultationStep,
      {
        title: 'Scope',
        description:
          'We gather requirements, visit the site if needed and write down exactly what will be delivered and what will not.',
      },
      {
        title: 'Fixed-price proposal',
        description:
          'You receive a price, a schedule and a list of what we need from you. Nothing starts until you approve it.',
      },
      {
        title: 'Delivery and handover',
        description:
          'We manage the work to the agreed schedule, keep you updated weekly and finish with documentation and a walk-through.',
      },
    ],
    faqs: [
      {
        question: 'How is a project priced?',
        answer:
          'After the free consultation and scoping we quote a fixed price for the agreed scope. If something outside the scope comes up, we tell you and quote it before doing it.',
      },
      {
        question: 'How far ahead should we plan an office move?',
        answer:
          'Ideally three months: new internet lines can take several weeks to be installed, and cabling is easiest before the walls are closed.',
      },
      {
        question: 'Do we need to be a managed IT client?',
        answer:
          'No. Projects are available on their own. Many project clients later choose a managed plan, but there is no requirement.',
      },
      {
        question: 'Can you work with our existing IT provider?',
        answer:
          'Yes. We can run a project alongside your current provider or in-house person and hand over documentation to them at the end.',
      },
    ],
  },
  specialty: {
    headline: 'Specialty services: phones, cameras, access control and compliance',
    intro:
      'Some technology sits between IT and the building: phone systems, security cameras, door access and the paperwork that regulators ask for. We install and support them alongside your computers, so one team knows how everything connects.',
    metaDescription:
      'VoIP phone systems, security cameras, door access control, conference room AV and HIPAA or FTC Safeguards compliance projects for NY and NJ businesses.',
    serviceType: 'VoIP, security systems and compliance projects',
    features: [
      {
        title: 'VoIP phone systems',
        description:
          'Cloud phone systems with your existing numbers ported, desk phones or apps, auto attendants and voicemail to e-mail.',
      },
      {
        title: 'Security cameras',
        description:
          'IP cameras and recorders installed, kept off your office network, and viewable safely from your phone.',
      },
      {
        title: 'Door access control',
        description:
          'Key cards or mobile credentials for doors, with access removed in seconds when someone leaves and a log of who came in.',
      },
      {
        title: 'Conference room AV',
        description:
          'Screens, cameras and microphones for Teams, Zoom or Meet rooms that start a meeting with one click.',
      },
      {
        title: 'Compliance projects',
        description:
          'HIPAA security risk analyses, FTC Safeguards written information security programs and the policies that go with them.',
      },
      {
        title: 'Secure disposal',
        description:
          'Old computers, drives and copiers wiped or destroyed with a certificate, so client data does not leave with the hardware.',
      },
    ],
    audience: [
      'Offices with an outdated phone system or a phone bill that keeps rising',
      'Property managers and shops that need cameras or door access they can manage themselves',
      'Medical, dental and tax practices preparing for an audit or a renewal questionnaire',
      'Businesses retiring equipment that held client data',
    ],
    steps: [
      consultationStep,
      {
        title: 'Site visit and design',
        description:
          'We look at the space and the current systems and propose the equipment, placement and licensing that fit.',
      },
      {
        title: 'Installation',
        description:
          'Installed and configured by our technicians, tested with your staff, with numbers ported or recordings checked before we leave.',
      },
      {
        title: 'Support',
        description:
          'Firmware updates, user changes and troubleshooting through the same help desk you use for everything else.',
      },
    ],
    faqs: [
      {
        question: 'Can we keep our phone numbers?',
        answer:
          'Yes. We port your existing numbers to the new system and schedule the switch so callers never get a dead line.',
      },
      {
        question: 'Who can see the camera recordings?',
        answer:
          'Only the people you authorise. Cameras and recorders sit on their own network segment, accounts use strong passwords and MFA, and we do not view footage unless you ask us to help with it.',
      },
      {
        question: 'Do you write our HIPAA or FTC Safeguards documents?',
        answer:
          'We perform the technical risk analysis and draft the security policies and written program for your review. Your attorney or compliance officer approves them; we keep the technical safeguards in line with them.',
      },
      {
        question: 'Can these systems be supported with our managed IT plan?',
        answer: 'Yes. Phones, cameras and access control can be added to a managed plan or supported on their own.',
      },
    ],
  },
  residential: {
    headline: 'Residential IT support for your home, on site or remote',
    intro: `Wi-Fi that does not reach the bedroom, a slow laptop, a printer that will not print or a new computer to set up: we help households across our service area. Pay as you go with Residential Hourly at ${hourly}, or choose Residential Subscription from ${subscription} for ongoing care.`,
    metaDescription: `Home IT support in Rockland, Orange, Westchester, Bergen and Passaic counties: Wi-Fi, computers, printers and smart devices. ${hourly} or ${subscription}.`,
    serviceType: 'Residential computer and network support',
    features: [
      {
        title: 'Whole-home Wi-Fi',
        description:
          'Mesh Wi-Fi set up so every room, the home office and the back porch get a strong signal, with a separate guest network.',
      },
      {
        title: 'Computer tune-ups and repairs',
        description:
          'Slow computers sped up, viruses and pop-ups removed, updates installed and failing drives replaced before they take your files with them.',
      },
      {
        title: 'New computer setup',
        description:
          'Your new PC or Mac set up with your accounts, printers and programs, and your documents and photos moved over from the old one.',
      },
      {
        title: 'Printers and smart devices',
        description:
          'Printers, smart TVs, video doorbells, thermostats and speakers connected and working with your phones.',
      },
      {
        title: 'Home office for remote work',
        description:
          'A reliable desk setup for working from home: monitors, docking, a stable connection and your employer’s VPN working.',
      },
      {
        title: 'Family safety and backups',
        description:
          'Parental controls, password managers, scam awareness for older relatives and automatic backups of the family photos.',
      },
    ],
    audience: [
      'Households with Wi-Fi dead spots or too many devices for the old router',
      'People who work from home and cannot afford a day without a working computer',
      'Parents who want sensible controls on their children’s devices',
      'Older relatives who want a patient, trustworthy person to call',
    ],
    steps: [
      {
        title: 'Tell us what is wrong',
        description:
          'Book online or call. We ask a few questions so the right technician arrives with the right equipment, or connects remotely.',
      },
      {
        title: 'Choose how to pay',
        description: `Residential Hourly is ${hourly}, billed only for the time we work. Residential Subscription, ${subscription} depending on your devices and visits, covers ongoing help.`,
      },
      {
        title: 'Fixed at home or remotely',
        description:
          'Many problems are solved over a secure remote session the same day; otherwise a technician visits at a time that suits you.',
      },
      {
        title: 'Stay covered',
        description:
          'Subscribers get monitoring, updates and backups checked, so small problems are caught before they become expensive ones.',
      },
    ],
    faqs: [
      {
        question: 'How does billing by the minute work?',
        answer: `Residential Hourly is ${hourly}. You pay for the minutes a technician spends on your problem, remotely or at your home, and receive an itemised invoice. A quick fix costs only what it takes.`,
      },
      {
        question: 'What does the Residential Subscription include?',
        answer: `Residential Subscription is ${subscription}, depending on the number of computers and whether home visits are included. It covers remote help, security and update monitoring and backup checks for your household. We recommend the right level after a free consultation.`,
      },
      {
        question: 'Do you come to my home?',
        answer:
          'Yes, across Rockland, Orange and Westchester counties in New York and Bergen and Passaic counties in New Jersey. Many problems can also be fixed remotely, which is faster and usually cheaper.',
      },
      {
        question: 'Can you help my parents, who live nearby?',
        answer:
          'Yes. Many of our residential clients are adult children arranging help for their parents. We explain things patiently and can send you a summary of each visit.',
      },
    ],
  },
}

export const serviceDetails: readonly ServiceDetail[] = services.map((service) => ({
  ...service,
  ...copy[service.key],
}))

/** The service page at this path ("/services/cybersecurity", a trailing slash allowed), if any. */
export function serviceByPath(pathname: string): ServiceDetail | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return serviceDetails.find((service) => service.path === path)
}

export function serviceByKey(key: ServiceKey): ServiceDetail {
  const found = serviceDetails.find((service) => service.key === key)
  if (!found) throw new Error(`No service with key ${key}`)
  return found
}
