import { business } from '../../app/content/business.ts'
import { bookingPath } from '../../app/content/links.ts'
import { planByKey } from '../../app/content/pricing.ts'
import type { NewBlogPost } from '../db/schema/index.server.ts'

/**
 * The first posts of /blog, seeded on a fresh install (server/db/seed.server.ts). Prices and
 * business facts come from app/content, so a post never quotes a price the pricing cards do not.
 * Bodies are Markdown; headings start at ## because the post's title is the page's h1.
 */
const price = (key: Parameters<typeof planByKey>[0]) => planByKey(key)?.priceLabel ?? ''
const basic = price('basic')
const full = price('full')
const hourly = price('hourly')
const subscription = price('subscription')

const taxSeasonChecklist = `Every CPA firm we support in Rockland and Bergen counties has the same wish for the busy season: that nobody has to think about computers between late January and April 15. That does not happen by luck. It happens because the work is done in October and November, while there is still time to order a replacement server or retrain a partner who keeps clicking "remind me later" on updates.

This is the checklist we work through with our tax and accounting clients every autumn. You can use it yourself, or [ask us to run it with you](${bookingPath({ service: 'managed-it' })}).

## 1. Prove the backups restore

A backup you have never restored is a hope, not a backup. Pick three things and restore them to a spare machine: last year's client folder, the tax software's database, and one partner's mailbox. Time how long it takes. If restoring the tax database takes a day, that is a day of lost billable hours in March, and the time to fix it is now.

Keep at least one copy off-site and out of reach of ransomware: a cloud backup with versioning or an immutable copy that an infected workstation cannot delete.

## 2. Replace the hardware that will fail in March

Look at the age of every workstation, the file server and its drives, and the firewall. Anything over five years old, any drive reporting errors, and any laptop with a swollen battery goes on the replacement list. New equipment ordered in October arrives and is set up before the first return comes in; equipment ordered in March arrives after the deadline.

## 3. Update the tax software before the season, not during it

Install the current year's releases of UltraTax, Lacerte, ProSeries, Drake or CCH Axcess on a test workstation first, check that printing, e-filing and the link to your document management system still work, and then roll them out to everyone. Write down who holds the vendor logins so a support call in February does not start with a password reset.

## 4. Turn on MFA everywhere client data lives

The FTC Safeguards Rule expects multi-factor authentication for anyone who reaches customer information, and criminals send tax preparers more phishing than almost anyone else. That means MFA on e-mail, remote access, the tax software's cloud portal, your document portal and the bank. Text-message codes are better than nothing; an authenticator app or a security key is better still.

## 5. Bring your written security plan up to date

Paid preparers must keep a written information security plan (WISP), and the IRS asks you to confirm you have one when you renew your PTIN. The IRS's own guide, [Publication 5708](https://www.irs.gov/pub/irs-pdf/p5708.pdf), is a good starting point. The plan should name the person responsible, list where client data is stored, describe the safeguards above, and say what you do if something goes wrong. Since May 2024 that includes notifying the FTC within 30 days when unencrypted information of 500 or more people is exposed.

## 6. Set up seasonal staff properly

Seasonal preparers need their own accounts, MFA and only the folders they work on, whether they sit in the office or work from home. Make a list now of every account you create for them, so that every one of them is removed on April 16.

## 7. Test the remote access the partners will use at 11 PM

Log in from home, over the VPN or remote desktop, the way a partner will on a Sunday night in April. If it is slow or fragile, fix it now.

## What this costs

For firms on our Full Help Desk plan (${full}), the busy-season readiness check is part of the service: we test the backups, watch the hardware and keep the software current all year. Basic Support (${basic}) covers remote help, monitoring, patching and endpoint protection, and we quote the readiness check separately. Either way the first step is a free consultation. Read more about [how we work with CPA firms](/industries/cpa-firms), or call us at ${business.phone}.`

const hipaaSmallOffice = `If you run a small medical, dental or therapy practice in Rockland or Bergen County, you have probably been told that your computers "must be HIPAA compliant". HIPAA does not certify equipment, though. Its Security Rule asks your practice to protect electronic patient information with administrative, physical and technical safeguards, and to be able to show how you do it. Here is what that means for a five- to twenty-person office, in plain terms.

## Start with a risk analysis

The Security Rule requires every covered practice to perform a risk analysis: a written look at where patient information lives (the EHR, the imaging server, the front-desk scanner, e-mail, a laptop that goes home), what could go wrong with each, and what you are doing about it. It is the first thing an investigator asks for after a breach, and the one most small practices cannot produce. The Department of Health and Human Services explains the requirement in its [Security Rule guidance](https://www.hhs.gov/hipaa/for-professionals/security/index.html). Keep it, and every policy that follows from it, for at least six years, and update it when something changes, such as a new EHR or a new office.

## Everyone gets their own login

Shared front-desk logins are the most common problem we find. HIPAA expects unique user identification, so the record shows who opened which chart. Give every person their own account on the computers and in the EHR, lock screens automatically after a few minutes, and remove access on an employee's last day, not a month later.

## Encrypt every device that holds patient data

Encryption is formally "addressable" in the Security Rule, but in practice it is expected, and it matters most on the day a laptop is stolen from a car. If a lost device was properly encrypted, the loss is generally not a reportable breach. Windows and macOS both include full-disk encryption; it only has to be turned on, and the recovery keys stored somewhere safe.

## Backups and a plan for the day the EHR is down

The rule asks for a data backup plan, a disaster recovery plan and a way to keep seeing patients in an emergency. For a small office that means tested, off-site backups of the EHR and imaging data, and a one-page plan the front desk can follow if the system is unavailable at 8 AM: how to check patients in, where the paper forms are, who to call.

## Keep medical devices and guest Wi-Fi apart

Imaging equipment often runs old software that cannot be updated. It belongs on its own network segment, away from the computers that read e-mail and browse the web. Guest Wi-Fi for the waiting room belongs on another one.

## Train the staff, and sign a BAA with your IT provider

Most breaches start with an e-mail. Short, regular phishing training for everyone who uses the EHR is one of the cheapest safeguards there is. And any outside company that can reach your patient data, including your IT provider, must sign a business associate agreement before it does. We sign one with every healthcare client.

## Where we come in

We perform the risk analysis, write the remediation plan, and then put the safeguards in place: encryption, MFA, unique accounts, monitored backups and a segmented network. Practices usually start on our Full Help Desk plan (${full}) or a custom plan when there are several locations or heavy compliance needs. See [IT for healthcare offices](/industries/healthcare-offices) and our [cybersecurity service](/services/cybersecurity), or [book a free consultation](${bookingPath({ service: 'cybersecurity' })}) and we will walk through your office with you.`

const homeWifi = `"The Wi-Fi doesn't reach the bedroom" is the call we get most often from homeowners in Rockland and Bergen counties. The reasons are usually the same: a router from the internet provider sitting in a corner of the basement, walls of plaster and lath in an older house in Nyack or Ridgewood, and thirty devices where there used to be five. The good news is that almost every home can have a strong signal in every room, the home office and the back porch. Here is how we go about it.

## 1. Find out where the signal really drops

Before buying anything, walk the house with a phone and a speed test app, or a free Wi-Fi analyser, and note the speed in each room. Weak spots near the kitchen (appliances and tile), behind a fireplace or on the far side of a stairwell are common. Knowing where the problem is tells you how many access points you need and where they go.

## 2. Move the router before you replace it

A router in a cabinet, behind the TV or on the basement floor loses much of its range. Raise it, move it toward the middle of the house and keep it out of enclosed furniture. Sometimes that alone fixes a room or two.

## 3. Use a mesh system, and wire it if you can

For most two-storey homes, a mesh system with two or three units is the right answer. Place each unit about halfway between the router and the dead spot, not in the dead spot itself. If you have Ethernet in the walls, or can run one cable to the far end of the house, connect the units with it ("wired backhaul"): each unit then gets the full speed of your connection instead of sharing its radio.

A newer system with Wi-Fi 6 or later handles many devices far better than a router from five years ago. Wi-Fi 6E and 7 add a 6 GHz band that is very fast but does not travel through walls as well, so it helps most in the rooms nearest each unit.

## 4. Avoid two routers fighting each other

If you add your own mesh system behind the provider's router, put the provider's box in bridge mode or the mesh in access-point mode. Two routers in a row ("double NAT") cause dropped video calls and game consoles that cannot connect.

## 5. Put visitors and smart devices on a guest network

Video doorbells, smart plugs, TVs and thermostats rarely get security updates. Put them, and your guests, on a separate network, so that a weak device cannot see the laptops and phones that hold your banking and photos.

## 6. Lock the front door

Change the router's admin password from the one on the sticker, use WPA3 (or WPA2/WPA3 mixed mode for older devices), turn on automatic firmware updates and switch off WPS and remote administration unless you use them.

## What we charge

We set up whole-home Wi-Fi as part of our [residential IT support](/services/residential). Residential Hourly is ${hourly}, billed only for the time we work; Residential Subscription, ${subscription} depending on your devices and visits, covers ongoing help, updates and backup checks. New clients get their first 30 minutes free with a Wi-Fi and security check-up: see the [new client offer](/promotional-offer). To have us look at your home, [book a visit](${bookingPath({ service: 'residential', plan: 'hourly' })}) or call ${business.phone}.`

export const demoBlogPosts: NewBlogPost[] = [
  {
    slug: 'home-wifi-that-reaches-every-room',
    title: 'Home Wi-Fi that reaches every room',
    excerpt:
      'Dead spots in the bedroom, calls that drop on the porch: how to find where your Wi-Fi fails, when a mesh system helps, and how to keep smart devices from weakening your home network.',
    body: homeWifi,
    authorName: business.name,
    isPublished: true,
    publishedAt: new Date('2026-11-10T14:00:00Z'),
    metaTitle: 'Home Wi-Fi that reaches every room: a homeowner’s guide',
  },
  {
    slug: 'what-hipaa-asks-of-a-small-medical-offices-computers',
    title: 'What HIPAA asks of a small medical office’s computers',
    excerpt:
      'HIPAA does not certify equipment: it asks your practice for a risk analysis, unique logins, encryption, tested backups and a business associate agreement. What each means for a small office.',
    body: hipaaSmallOffice,
    authorName: business.name,
    isPublished: true,
    publishedAt: new Date('2026-10-27T14:00:00Z'),
  },
  {
    slug: 'tax-season-it-checklist-for-cpa-firms',
    title: 'Tax-season IT checklist for CPA firms',
    excerpt:
      'Seven things to do in the autumn so your firm’s computers are not the bottleneck between late January and April 15: tested restores, hardware, tax software updates, MFA, your WISP and remote access.',
    body: taxSeasonChecklist,
    authorName: business.name,
    isPublished: true,
    publishedAt: new Date('2026-10-06T14:00:00Z'),
    metaDescription:
      'An autumn IT checklist for CPA and tax firms in New York and New Jersey: restores, hardware, tax software, MFA, the WISP and remote access before busy season.',
  },
]
