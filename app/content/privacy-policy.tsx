import { business, formatHours, fullAddress } from '~/content/business'
import { retentionPeriods, sessionRetention } from '~/content/retention'
import type { LegalSection } from '~/features/marketing/legal-page'

/** The privacy policy's sections, shown on /privacy (its dates are in ./legal.ts). */

const mail = <a href={`mailto:${business.email}`}>{business.email}</a>
const phone = (
  <a href={`tel:${business.phoneE164}`} className="whitespace-nowrap">
    {business.phone}
  </a>
)

export const privacySections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          {business.legalName} (“{business.name}”, “we”, “us”) is an IT services company at {fullAddress}. This policy
          explains what personal information our website, consultation and contact forms, client accounts and client
          portal collect, why, how long we keep it, who receives it and how you can exercise your rights. It does not
          cover the data on your own computers and systems that we may see while supporting you; that is governed by
          your service agreement with us (and, for healthcare clients, by our business associate agreement).
        </p>
        <p>
          Questions about this policy go to {mail} or {phone}.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect and why',
    body: (
      <>
        <h3>Consultation and contact requests</h3>
        <p>When you book a consultation or send us a message, we store what you enter:</p>
        <ul>
          <li>your first and last name, e-mail address and phone number;</li>
          <li>your company and number of users, if you give them;</li>
          <li>the services and the plan you are interested in, and your message;</li>
          <li>the page of our website the request was sent from;</li>
          <li>your browser’s user agent (the browser and operating system it reports);</li>
          <li>
            a one-way hash of your IP address. We do not store the address itself with your request; the hash lets us
            recognise repeated abusive submissions without keeping it.
          </li>
        </ul>
        <p>
          We use this to answer you, arrange and prepare the consultation, send you the confirmation e-mail and keep a
          record of our conversation. The page, browser and hashed address help us detect spam and abuse. The legal
          basis is your request: without these details we cannot respond.
        </p>
        <h3>Client accounts and the client portal</h3>
        <p>
          When you open a client account we store your name, company, phone number and e-mail address, and your password{' '}
          <strong>only as a one-way hash</strong>: nobody at {business.name} can read it. For each signed-in session we
          store the IP address and browser it was opened from, so we can keep you signed in, show you where your account
          is signed in, and spot access that was not you; you can end any of them from Account Settings. To confirm your
          e-mail address or reset a password we send one-time links, which expire after 24 hours (password resets after
          one hour). Accounts are approved by our staff before they can be used. You can ask for deletion from Account
          Settings; we delete the account within 30 days.
        </p>
        <h3>Cookie consent log</h3>
        <p>
          When you make a choice in our cookie banner or Cookie Settings, we record a random anonymous identifier (not
          linked to your name or account), your choices, how you made them (accept all, reject non-essential or save
          preferences), the version of our cookie choices you answered, whether your browser sent a Global Privacy
          Control signal, the time, and a one-way hash of your IP address. We keep this record to show that we asked and
          that we respect what you chose.
        </p>
        <h3>Technical logs</h3>
        <p>
          Our server logs each request (time, page address, response status and IP address) to keep the site secure and
          find faults. These logs are not used for marketing. To stop floods of automated form submissions, we also
          count submissions per hashed IP address for a short time window; those counters are deleted when the window
          has passed.
        </p>
        <h3>E-mail</h3>
        <p>
          Confirmation and notification e-mails (for example when you book a consultation or your account is approved)
          are delivered by our mail provider and contain what is needed for that message. When you e-mail us directly,
          your message is kept in our mailboxes like any business correspondence.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies, local storage and analytics',
    body: (
      <>
        <p>We keep what we store in your browser to a minimum:</p>
        <ul>
          <li>
            <strong>A session cookie, only when you are signed in.</strong> <code>ramapo.session_token</code> keeps you
            signed in to the client portal and is strictly necessary. It stops working when you sign out, after 7 days
            without use, and at the latest 30 days after you signed in. Visitors who do not sign in get no cookie from
            us.
          </li>
          <li>
            <strong>Two local storage entries for your cookie preferences.</strong> <code>ramapo.cookie-consent</code>{' '}
            holds your choices, when you made them, the anonymous identifier of the consent log and whether your browser
            sent Global Privacy Control; <code>ramapo.cookie-banner-shown</code> remembers that you answered the banner.
            They stop us asking on every page and are never sent to our server with your page requests. A choice expires
            after 12 months, and we ask again.
          </li>
        </ul>
        <p>
          <strong>Analytics and marketing tags run only after you consent.</strong> When we have configured Google Tag
          Manager and you allow analytics or marketing in the cookie banner, Google Tag Manager loads the tags for the
          categories you allowed (such as Google Analytics), which may set their own cookies and send information about
          your visit to Google. If you decline or ignore the banner, none of them load: you never need to opt out. If
          your browser sends a Global Privacy Control signal, we treat it as an opt-out of marketing and targeted
          advertising: marketing tags stay off unless you switch them on yourself in Cookie Settings. You can change
          your choices at any time with the Cookie Settings button at the bottom of every page.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <>
        <p>
          A scheduled job on our server deletes what has reached the end of its period every night; nobody has to
          remember to.
        </p>
        <ul>
          <li>
            <strong>Consultation requests:</strong> {retentionPeriods.consultationRequests.kept}. If you become a
            client, what we agreed becomes part of your client record (below).
          </li>
          <li>
            <strong>Contact messages:</strong> {retentionPeriods.contactMessages.kept}.
          </li>
          <li>
            <strong>Client accounts:</strong> as long as the account is open. When you ask us to delete it, we do so
            within 30 days; an account unused for 24 months is deleted or anonymised within the following 90 days.
            Estimates, invoices, receipts and contracts, and our record of who changed them, are business records: we
            keep them for at least seven years, as tax and accounting law requires of them.
          </li>
          <li>
            <strong>Sessions:</strong> the session record with its IP address and browser is {sessionRetention.kept}.
          </li>
          <li>
            <strong>Consent log:</strong> {retentionPeriods.consentRecords.kept}.
          </li>
          <li>
            <strong>Copies of the e-mails our website sends</strong> (confirmations, account and billing e-mails), kept
            on our server: {retentionPeriods.mailFiles.kept}.
          </li>
          <li>
            <strong>Technical logs:</strong> up to 30 days.
          </li>
          <li>
            <strong>E-mail correspondence:</strong> as long as the client relationship lasts plus seven years; other
            correspondence 24 months after the last message.
          </li>
          <li>
            <strong>Analytics data held by Google:</strong> for the retention period set in our Google account, at most
            14 months.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'who-receives-it',
    title: 'Who receives your information',
    body: (
      <>
        <p>
          We do not sell personal information, and we do not share it for targeted advertising without your consent.
        </p>
        <ul>
          <li>
            <strong>Our staff</strong>, only those who need it to answer you or support you.
          </li>
          <li>
            <strong>Our hosting and database providers</strong>, who run the servers that store it on our behalf.
          </li>
          <li>
            <strong>Our mail provider</strong>, which delivers the e-mails we send you.
          </li>
          <li>
            <strong>Google</strong>, only if you allowed analytics or marketing in the cookie banner (see section 3).
          </li>
          <li>
            <strong>Professional advisers and authorities</strong>: our accountant, attorney or insurer where needed,
            and public authorities when the law requires it.
          </li>
          <li>
            <strong>A successor business</strong>, if {business.name} is sold or merged, under the same promises as this
            policy.
          </li>
        </ul>
        <p>Our service providers may use your information only to provide their service to us.</p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <>
        <p>
          We apply the same safeguards we install for our clients: encrypted connections to the website, passwords
          stored only as hashes, IP addresses hashed in contact requests and the consent log, multi-factor
          authentication and least-privilege access for our staff, encrypted and tested backups, and prompt security
          updates. These are the reasonable administrative, technical and physical safeguards New York’s SHIELD Act
          requires.
        </p>
        <p>
          If a breach ever exposes your private information, we will notify you and the authorities as required by New
          York and New Jersey law, without unreasonable delay.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights in New York and New Jersey',
    body: (
      <>
        <p>
          <strong>New Jersey residents</strong> have rights under the New Jersey Data Privacy Act: to confirm whether we
          process your personal data and access it; to correct it; to delete it; to receive a portable copy; to opt out
          of its sale, of targeted advertising and of profiling that has legal or similarly significant effects; and to
          appeal if we decline a request. You may also use an authorised agent.
        </p>
        <p>
          <strong>New York residents</strong> are protected by the SHIELD Act, which requires us to safeguard your
          private information and to notify you of a breach, and by the state’s consumer protection laws.
        </p>
        <p>
          <strong>We extend the same rights to everyone</strong>, in New York, New Jersey or elsewhere, whether or not
          the law requires it of a business of our size: ask us for a copy of your information, to correct it, or to
          delete it, and we will do so unless we must keep it (for example, invoices we are required to retain). We will
          not treat you differently for using these rights.
        </p>
      </>
    ),
  },
  {
    id: 'exercise-rights',
    title: 'How to exercise your rights',
    body: (
      <>
        <ul>
          <li>
            E-mail {mail} with the subject “Privacy request”, call {phone}, or write to {business.legalName},{' '}
            {fullAddress}.
          </li>
          <li>
            Tell us what you would like us to do. To protect you, we confirm your identity before acting: usually by
            replying to the e-mail address we have on file, or by asking you to sign in to your client account.
          </li>
          <li>
            We answer within 45 days. If we need more time (up to another 45 days) we tell you why within the first 45.
          </li>
          <li>
            If we decline your request, you can appeal by replying to our decision; we answer appeals within 45 days. If
            you are still not satisfied, you can contact the New Jersey Division of Consumer Affairs or the New York
            State Attorney General.
          </li>
          <li>
            Cookie and analytics choices can be changed any time with Cookie Settings at the bottom of every page.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Our website and services are meant for adults and businesses. We do not knowingly collect information from
        children under 13, nor use the data of anyone under 17 for targeted advertising. If you believe a child has sent
        us information, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we publish the new version here with a new effective date. When the way we use
        cookies and tags changes, the cookie banner asks everyone again, and the consent log records which version of
        the choices each answer was given for. If a change materially affects how we use information we already hold, we
        will tell account holders by e-mail before it takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        {business.legalName}, {fullAddress}. E-mail {mail}, phone {phone}. Office hours: {business.hours.main.days},{' '}
        {formatHours(business.hours.main)}.
      </p>
    ),
  },
]
