import { business, fullAddress } from '../../app/content/business.ts'
import type { Db } from '../db/client.server.ts'
import { contractTemplates } from '../db/schema/index.server.ts'

/**
 * The agreements the business uses, inserted at boot when missing (by key) and edited by admins in
 * /admin/contracts/templates afterwards; a later boot never overwrites an edit. Placeholders:
 * {{client_name}}, {{company}}, {{plan}}, {{price_per_user}}, {{users}}, {{start_date}}, {{term}}.
 * The texts are the business's standard terms; counsel reviews them before each yearly renewal.
 */

const provider = `${business.legalName}, a New York limited liability company with its office at ${fullAddress} ("${business.name}", "we", "us")`

const managedServices = `# Managed Services Agreement

This Managed Services Agreement (the "Agreement") is between ${provider} and **{{company}}** ("Client"), represented by {{client_name}}. It starts on **{{start_date}}** (the "Start Date").

## 1. Services

1. We provide the managed IT services of the **{{plan}}** plan for **{{users}}** users: help desk support by phone, e-mail and remote session during business hours (Monday to Friday, 8:00 AM to 5:00 PM Eastern, except New York State holidays), monitoring and patching of covered computers and servers, endpoint protection, and management of Microsoft 365 or Google Workspace accounts.
2. On-site visits within our service area are included when a problem cannot be solved remotely. Projects (new offices, migrations, hardware roll-outs) are quoted separately by estimate.
3. A "user" is a named person with a company e-mail account who uses covered devices. Up to two devices per user are covered.

## 2. Response times

- Critical (business stopped, security incident): we respond within 1 business hour.
- High (one person or one system down): within 4 business hours.
- Normal (questions, changes, requests): within 1 business day.

Response means a technician is working on the request, not that it is solved. We report monthly on tickets and times.

## 3. Fees and payment

1. The monthly fee is **{{price_per_user}} per user** for {{users}} users, invoiced monthly in advance. Users added during a month are billed from the next invoice; the count may go down once per quarter with 30 days' notice.
2. Invoices are due 30 days from their date. Hardware, software licenses and third-party services we buy for Client are invoiced at cost plus handling, as quoted.
3. We may change the per-user price once a year with 60 days' written notice; Client may then end this Agreement without fee before the change takes effect.
4. Past-due amounts over 30 days may bear interest at 1% per month, and we may suspend non-emergency services after 15 days' written notice.

## 4. Term and ending

1. The initial term is **{{term}}** from the Start Date. It then renews for one-year periods unless either party gives 30 days' written notice before the end of a term.
2. Either party may end this Agreement if the other materially breaches it and does not cure the breach within 30 days of written notice.
3. When the Agreement ends we hand over all administrator passwords, documentation and Client data we hold, and remove our monitoring agents, within 15 business days, at no extra charge.

## 5. Client's part

Client gives us the access we need, keeps a contact person available, uses supported hardware and licensed software, and tells us promptly of problems or changes. Client remains responsible for its own data, its compliance obligations and the lawful use of its systems.

## 6. Data and confidentiality

We treat all Client information as confidential, access it only to provide the services, and follow the New York SHIELD Act's reasonable safeguards. We notify Client without undue delay, and within 72 hours at the latest, of any security incident affecting Client data that we become aware of. If Client is a healthcare provider, our HIPAA Business Associate Agreement also applies.

## 7. Warranties and liability

1. We perform the services in a professional manner consistent with industry practice. No system can be made entirely secure, and we do not guarantee that services will be uninterrupted or free of every threat.
2. Neither party is liable for indirect, incidental or consequential damages or lost profits. Our total liability in any twelve months is limited to the fees Client paid in those twelve months, except for our confidentiality obligations and our gross negligence or willful misconduct.
3. We carry general liability and cyber liability insurance and provide certificates on request.

## 8. General

1. This Agreement is governed by the laws of the State of New York; the courts of Rockland County, New York, have jurisdiction.
2. Notices are given by e-mail to the addresses on file, or by mail to the addresses above.
3. This Agreement, with any signed estimates, is the whole agreement on its subject and may be changed only in writing signed by both parties. Electronic signatures are binding.
`

const residential = `# Residential Service Agreement

This Residential Service Agreement is between ${provider} and **{{client_name}}** ("you"), for the household computer and network services described below, starting on **{{start_date}}**.

## What we do

- Help with computers, phones, tablets, printers, Wi-Fi and smart-home devices in your home, by phone, remote session or home visit.
- Virus and malware removal, backups, setting up new devices, and moving your files and accounts.
- Under the **{{plan}}** plan: **{{price_per_user}}** per month for up to **{{users}}** people in your household, which includes remote support during business hours and discounted home visits.

## What it costs

1. The monthly fee is billed in advance and due within 30 days of the invoice. Work outside the plan is charged at the hourly rate we quote before we start, and we ask before exceeding any amount you set.
2. Parts and devices we buy for you are charged at cost plus handling, and you keep their manufacturer's warranty.

## Term and cancelling

1. This agreement runs for **{{term}}** and then month to month. You may cancel at any time by e-mail or phone; the month already paid is not refunded, and nothing more is owed.
2. We may end the agreement with 30 days' notice.

## Your data and your home

- We look only at what we need to fix the problem, never copy your personal files except to back them up or move them at your request, and keep what we see confidential.
- Before we work on a device, please back up anything you cannot lose, or ask us to do it. We are not responsible for data that was already lost or damaged, or for software you install after our visit.
- An adult must be present during home visits.

## Satisfaction guarantee

If a problem we fixed comes back within 30 days, we fix it again at no charge.

## Liability

Our total liability for any claim is limited to the amount you paid us in the three months before it. Nothing in this agreement limits your rights under New York or New Jersey consumer protection law.

## The rest

This agreement is governed by the laws of the State of New York. You may sign it electronically; you may ask us for a paper copy at any time.
`

const hipaa = `# HIPAA Business Associate Agreement

This Business Associate Agreement ("BAA") is between **{{company}}** ("Covered Entity"), represented by {{client_name}}, and ${provider} ("Business Associate"). It takes effect on **{{start_date}}** and supplements the IT services agreement between the parties (the "Services Agreement", currently the **{{plan}}** plan for {{users}} users).

## 1. Definitions

Terms used in this BAA and not defined here (such as Breach, Protected Health Information ("PHI"), electronic PHI, Security Incident, Subcontractor and Unsecured PHI) have the meanings given in the HIPAA Rules at 45 C.F.R. Parts 160 and 164.

## 2. Permitted uses and disclosures

Business Associate may use or disclose PHI only to perform the Services Agreement (managing, maintaining, backing up and securing Covered Entity's systems), as required by law, or for its own proper management and administration as 45 C.F.R. § 164.504(e)(4) allows. Business Associate will not sell PHI or use it for marketing, and will use or request only the minimum necessary.

## 3. Safeguards

Business Associate will:

1. use administrative, physical and technical safeguards that comply with Subpart C of 45 C.F.R. Part 164 (the Security Rule) to protect electronic PHI, including encryption of devices and backups it manages, multi-factor authentication for its staff and access logging;
2. train its staff on HIPAA and this BAA before they receive access to PHI, and yearly afterwards;
3. ensure that any Subcontractor that creates, receives, maintains or transmits PHI on its behalf agrees in writing to the same restrictions and conditions.

## 4. Reporting

Business Associate will report to Covered Entity any use or disclosure of PHI not allowed by this BAA, any Security Incident, and any Breach of Unsecured PHI, without unreasonable delay and in no case later than **10 calendar days** after discovery, with the information Covered Entity needs for its notifications under 45 C.F.R. § 164.410. Unsuccessful attempts (such as pings, port scans and blocked log-in attempts) are hereby reported and need no further notice.

## 5. Individuals' rights

Within 10 business days of a request, Business Associate will make PHI in a Designated Record Set available to Covered Entity for access or amendment, and provide the information needed for an accounting of disclosures, under 45 C.F.R. §§ 164.524, 164.526 and 164.528.

## 6. Books and records

Business Associate will make its internal practices, books and records relating to PHI available to the Secretary of Health and Human Services to determine compliance with the HIPAA Rules.

## 7. Term and termination

1. This BAA lasts as long as the Services Agreement ({{term}}, with its renewals).
2. If Business Associate materially breaches this BAA, Covered Entity may terminate the Services Agreement if the breach is not cured within 30 days.
3. On termination, Business Associate will return or destroy all PHI, keeping no copies, and certify the destruction in writing; where that is not feasible, the protections of this BAA continue for as long as the PHI is kept.

## 8. General

This BAA is governed by federal law and the laws of the State of New York, and is interpreted to permit compliance with the HIPAA Rules. If the HIPAA Rules change, the parties will amend this BAA as needed to comply. Where this BAA and the Services Agreement differ on PHI, this BAA governs.
`

const nda = `# Mutual Nondisclosure Agreement

This Mutual Nondisclosure Agreement is made on **{{start_date}}** between ${provider} and **{{company}}**, represented by {{client_name}} (each a "Party"), so that the Parties can discuss and evaluate IT services, including the **{{plan}}** plan, and share information for that purpose (the "Purpose").

## 1. Confidential Information

"Confidential Information" is any non-public information a Party (the "Discloser") shares with the other (the "Recipient"), in any form, that is marked confidential or that a reasonable person would understand to be confidential, including network diagrams, passwords and credentials, security assessments, pricing, client lists and business plans.

## 2. What is not Confidential Information

Information that the Recipient can show (a) is or becomes public through no fault of its own, (b) it already knew without a duty of confidentiality, (c) it received lawfully from a third party without such a duty, or (d) it developed independently without using the Discloser's information.

## 3. Obligations

The Recipient will:

1. use Confidential Information only for the Purpose;
2. protect it with at least the care it uses for its own similar information, and no less than reasonable care;
3. share it only with its employees and advisers who need it for the Purpose and are bound by similar duties;
4. promptly tell the Discloser of any unauthorized use or disclosure it learns of.

## 4. Required disclosure

If the law or a court requires the Recipient to disclose Confidential Information, it may do so after giving the Discloser prompt notice (where allowed), so the Discloser can seek protection, and will disclose only what is required.

## 5. Return and destruction

On request, or when the Purpose ends, the Recipient will return or destroy the Discloser's Confidential Information, except copies kept in routine backups or required by law, which remain confidential.

## 6. Term

This Agreement covers information shared during **{{term}}** from its date. The duties of confidentiality last three years after that period ends, and for passwords, credentials and trade secrets, as long as they remain confidential.

## 7. General

1. No license or other right is granted except as stated here, and neither Party must enter into any further agreement.
2. Confidential Information is provided "as is".
3. Breach may cause irreparable harm; the Discloser may seek an injunction in addition to other remedies.
4. This Agreement is governed by the laws of the State of New York; the courts of Rockland County, New York, have jurisdiction. It may be signed electronically and in counterparts.
`

export const standardTemplates = [
  {
    key: 'managed-services',
    title: 'Managed Services Agreement',
    description: 'Monthly managed IT for a business, priced per user: services, response times, fees, term.',
    body: managedServices,
  },
  {
    key: 'residential-service',
    title: 'Residential Service Agreement',
    description: 'Home and household support under a monthly residential plan; cancel any time.',
    body: residential,
  },
  {
    key: 'hipaa-baa',
    title: 'HIPAA Business Associate Agreement',
    description: 'For healthcare clients (dental, medical, therapy offices) whose systems hold patient data.',
    body: hipaa,
  },
  {
    key: 'mutual-nda',
    title: 'Mutual Nondisclosure Agreement',
    description: 'Before an assessment or proposal, so both sides can share network and business details.',
    body: nda,
  },
] as const

/** Inserts the standard templates that are missing; an edited one is left as it is. */
export async function ensureStandardTemplates(db: Db): Promise<number> {
  const inserted = await db
    .insert(contractTemplates)
    .values(standardTemplates.map((t) => ({ ...t })))
    .onConflictDoNothing({ target: contractTemplates.key })
    .returning({ id: contractTemplates.id })
  return inserted.length
}
