import { Link } from 'react-router'
import { business, fullAddress } from '~/content/business'
import { termsOfService } from '~/content/legal'
import { consultation, planByKey } from '~/content/pricing'
import { LegalPage, type LegalSection } from '~/features/marketing/legal-page'
import { publicPageHandle } from '~/lib/islands-mode'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/terms'

/** A public page: without the app's JavaScript, the same for every visitor but for the account menu (lib/islands-mode.ts). */
export const handle = publicPageHandle

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Terms of Service',
    description: `The terms for using the ${business.name} website, booking a consultation and using a client account and the client portal.`,
    path: '/terms',
    matches,
  })

const mail = <a href={`mailto:${business.email}`}>{business.email}</a>
const price = (key: Parameters<typeof planByKey>[0]) => planByKey(key)?.priceLabel

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'These terms',
    body: (
      <>
        <p>
          These terms apply to the website of {business.legalName} (“{business.name}”, “we”, “us”), to booking a
          consultation through it, and to client accounts and the client portal. By using the website or opening an
          account you accept them. If you do not agree, please do not use the website.
        </p>
        <p>
          The IT services themselves (managed plans, projects and residential support) are provided under a written
          proposal or service agreement. Where that agreement and these terms differ, the agreement applies.
        </p>
      </>
    ),
  },
  {
    id: 'information',
    title: 'Information on the website',
    body: (
      <>
        <p>
          We write our service descriptions, guides and blog posts carefully, but they are general information, not
          advice for your particular situation. Mentions of laws such as HIPAA, the FTC Safeguards Rule, the NY SHIELD
          Act or the New Jersey Data Privacy Act describe how we can help; your attorney or compliance adviser decides
          what they require of you.
        </p>
        <p>
          Prices are in US dollars and exclude applicable sales tax. Published prices are: Basic Support{' '}
          {price('basic')}, Full Help Desk {price('full')}, Residential Hourly {price('hourly')} and Residential
          Subscription {price('subscription')}; Custom Solutions and projects are quoted individually. The price in your
          signed proposal or confirmation is the one that applies.
        </p>
      </>
    ),
  },
  {
    id: 'consultations',
    title: 'Consultations and bookings',
    body: (
      <>
        <p>
          The first consultation is {consultation.price.toLowerCase()} and takes about {consultation.minutes.min} to{' '}
          {consultation.minutes.max} minutes. Booking a consultation or sending a contact request does not commit you to
          buy anything, and does not commit us to provide a service until we confirm it in writing.
        </p>
        <p>
          Please give accurate contact details. We may decline requests that are abusive, automated or outside our
          service area ({business.serviceArea.summary}).
        </p>
        <p>
          Promotional offers are subject to the terms stated with them, for example on our{' '}
          <Link to="/promotional-offer">new client offer</Link> page.
        </p>
      </>
    ),
  },
  {
    id: 'residential',
    title: 'Residential support',
    body: (
      <>
        <p>
          Residential Hourly support is billed at {price('hourly')} for the time a technician spends on your request,
          remotely or at your home, and is invoiced after the work. We tell you before starting if we expect a request
          to take long or to need parts. Residential Subscription is billed monthly at the level agreed with you, within
          the published range of {price('subscription')}, and can be cancelled for the end of any billing month.
        </p>
        <p>
          Before we work on a computer, please make sure your important files are backed up, unless backup is part of
          your subscription. We take care with your data but cannot be responsible for files on failing hardware.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Client accounts and the portal',
    body: (
      <>
        <ul>
          <li>Client accounts are for our clients and are approved by our staff before they can be used.</li>
          <li>
            Keep your password to yourself and tell us at once at {mail} if you think someone else has used your
            account. You are responsible for what is done through your account until you tell us.
          </li>
          <li>
            Do not try to access accounts or data that are not yours, test or disrupt the security of the website,
            overload it with automated requests, or upload anything unlawful or harmful.
          </li>
          <li>
            We may suspend an account that is misused or puts other clients at risk, and will tell you why. You can
            close your account at any time by contacting us.
          </li>
        </ul>
        <p>
          How we handle the information in your account is described in our <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Our content and links',
    body: (
      <p>
        The text, design and logo of this website belong to {business.legalName}. You may share links to our pages and
        quote short passages with attribution; please ask before reusing more. Links to other websites (for example to
        our social media pages or software vendors) are provided for convenience; we are not responsible for their
        content or privacy practices.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Availability and liability',
    body: (
      <>
        <p>
          We work to keep the website and the client portal available and accurate, but they are provided “as is”: we
          cannot promise they will always be available or free of errors, and we may change or withdraw parts of them.
        </p>
        <p>
          To the extent the law allows, {business.name} is not liable for indirect or consequential losses arising from
          use of the website or portal, and our total liability for the website and portal (as distinct from services
          under a service agreement) is limited to one hundred US dollars. Nothing in these terms limits liability that
          cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of the State of New York. Disputes will be heard by the state and federal
        courts for Rockland County, New York, unless the law of your state of residence gives you the right to bring a
        claim where you live.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <p>
        We may update these terms; the version on this page with its effective date applies from then on, and we will
        tell account holders by e-mail about material changes. Questions: {mail}, {business.phone}, or{' '}
        {business.legalName}, {fullAddress}.
      </p>
    ),
  },
]

export default function Terms() {
  return (
    <LegalPage
      title="Terms of Service"
      path="/terms"
      effective={termsOfService.effective}
      effectiveLabel={termsOfService.effectiveLabel}
      intro="The rules for using our website, booking a consultation and using a client account. Plain language, no surprises."
      sections={sections}
    />
  )
}
