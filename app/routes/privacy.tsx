import { business } from '~/content/business'
import { privacyPolicy } from '~/content/legal'
import { privacySections } from '~/content/privacy-policy'
import { LegalPage } from '~/features/marketing/legal-page'
import { publicPageHandle } from '~/lib/islands-mode'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/privacy'

/** A public page: without the app's JavaScript, the same for every visitor but for the account menu (lib/islands-mode.ts). */
export const handle = publicPageHandle

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Privacy Policy',
    description: `How ${business.name} collects, uses, keeps and protects personal information from its website, booking form and client portal, and your rights under New York and New Jersey law.`,
    path: '/privacy',
    matches,
  })

export default function Privacy() {
  return (
    <LegalPage
      title="Privacy Policy"
      path="/privacy"
      effective={privacyPolicy.effective}
      effectiveLabel={privacyPolicy.effectiveLabel}
      intro="What we collect when you use our website, book a consultation or sign in to the client portal, why we collect it, how long we keep it, and how to exercise your rights."
      sections={privacySections}
    />
  )
}
