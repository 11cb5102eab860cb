import { ArrowRightIcon, CircleAlertIcon } from 'lucide-react'
import { data, Link } from 'react-router'
import { business } from '~/content/business'
import { type IndustryKey, industryByPath, industryDetails } from '~/content/industries'
import { serviceByKey } from '~/content/services'
import { BookOrCall } from '~/features/marketing/book-or-call'
import { CtaBand } from '~/features/marketing/cta-band'
import { FaqSection } from '~/features/marketing/faq-list'
import { industryIcons } from '~/features/marketing/industry-icon'
import { PageHero } from '~/features/marketing/page-hero'
import { Section, SectionHeader } from '~/features/marketing/section'
import { serviceIcons } from '~/features/marketing/service-icon'
import { publicPageHandle } from '~/lib/islands-mode'
import { pageMeta } from '~/lib/seo'
import type { Route } from './+types/industry'

// routes.ts gives every industry its own address; all of them render this module. The page's copy
// comes from the loader, so each page's JavaScript carries none of the other pages' text.
export function loader({ url }: Route.LoaderArgs) {
  const found = industryByPath(url.pathname)
  if (!found) throw data(null, { status: 404 })
  const { solutions, ...industry } = found
  return {
    industry: {
      ...industry,
      solutions: solutions.map((solution) => {
        const { key, name, path } = serviceByKey(solution.service)
        return { ...solution, serviceName: name, servicePath: path, serviceKey: key }
      }),
    },
    others: industryDetails.filter((i) => i.key !== found.key).map(({ key, name, path }) => ({ key, name, path })),
  }
}

/** A public page: without the app's JavaScript, the same for every visitor but for the account menu (lib/islands-mode.ts). */
export const handle = publicPageHandle

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: `Page not found | ${business.name}` }]
  const { industry } = loaderData
  return pageMeta({
    title: `IT Support for ${industry.name}`,
    description: industry.metaDescription,
    path: industry.path,
    matches,
  })
}

type LoaderData = Route.ComponentProps['loaderData']

export default function IndustryPage({ loaderData }: Route.ComponentProps) {
  return <IndustryView industry={loaderData.industry} others={loaderData.others} />
}

function IndustryView({ industry, others }: LoaderData) {
  const Icon = industryIcons[industry.key]
  return (
    <>
      <PageHero
        crumbs={[
          { name: 'Home', path: '/' },
          { name: 'Industries', path: '/#industries' },
          { name: industry.name, path: industry.path },
        ]}
        eyebrow={`Industries: ${industry.name}`}
        icon={<Icon className="size-5" aria-hidden="true" />}
        title={industry.headline}
        intro={industry.intro}
      >
        <BookOrCall />
      </PageHero>

      <Section aria-labelledby="problems-title">
        <SectionHeader
          id="problems-title"
          align="start"
          eyebrow="The problems"
          title={`IT challenges ${industry.inSentence} face`}
        />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2">
          {industry.problems.map((problem) => (
            <li key={problem.title} className="flex gap-4 rounded-2xl border bg-card p-6 shadow-xs">
              <CircleAlertIcon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <h3 className="font-semibold text-lg">{problem.title}</h3>
                <p className="mt-2 text-muted-foreground leading-relaxed">{problem.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section aria-labelledby="solutions-title" tone="muted">
        <SectionHeader id="solutions-title" align="start" eyebrow="How we solve them" title="What we put in place" />
        <ul className="mt-10 grid gap-6 lg:grid-cols-2">
          {industry.solutions.map((solution) => {
            const ServiceIcon = serviceIcons[solution.serviceKey]
            return (
              <li key={solution.title} className="flex flex-col rounded-2xl border bg-card p-6 shadow-xs">
                <h3 className="font-semibold text-lg">{solution.title}</h3>
                <p className="mt-2 flex-1 text-muted-foreground leading-relaxed">{solution.description}</p>
                <Link
                  to={solution.servicePath}
                  className="mt-4 inline-flex items-center gap-2 self-start rounded-sm font-semibold text-primary text-sm underline-offset-4 hover:underline"
                >
                  <ServiceIcon className="size-4" aria-hidden="true" />
                  Part of {solution.serviceName}
                  <ArrowRightIcon className="size-4" aria-hidden="true" />
                </Link>
              </li>
            )
          })}
        </ul>
      </Section>

      <FaqSection faqs={industry.faqs} title={`IT for ${industry.inSentence}: common questions`} />

      <OtherIndustries industries={others} />

      <CtaBand title={`Talk to a team that already supports ${industry.inSentence}`} />
    </>
  )
}

function OtherIndustries({ industries }: { industries: { key: IndustryKey; name: string; path: string }[] }) {
  return (
    <Section aria-labelledby="other-industries-title">
      <SectionHeader id="other-industries-title" align="start" title="Other industries we serve" />
      <ul className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {industries.map((i) => {
          const Icon = industryIcons[i.key]
          return (
            <li key={i.key}>
              <Link
                to={i.path}
                className="group flex min-h-14 items-center gap-3 rounded-xl border bg-card px-4 py-3 font-medium shadow-xs transition-colors hover:border-primary/40 hover:bg-accent"
              >
                <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
                <span className="flex-1">{i.name}</span>
                <ArrowRightIcon className="size-4 text-primary" aria-hidden="true" />
              </Link>
            </li>
          )
        })}
      </ul>
    </Section>
  )
}
