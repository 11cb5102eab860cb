import { PageHero } from './page-hero'

export type LegalSection = { id: string; title: string; body: React.ReactNode }

/**
 * A policy page: hero with the effective date, a table of contents and numbered sections. Prose
 * inside the sections is styled here, so the routes write plain <p>, <ul>, <h3>, <a>.
 */
export function LegalPage({
  title,
  path,
  effectiveLabel,
  effective,
  intro,
  sections,
}: {
  title: string
  path: string
  effectiveLabel: string
  effective: string
  intro: React.ReactNode
  sections: readonly LegalSection[]
}) {
  return (
    <>
      <PageHero
        crumbs={[
          { name: 'Home', path: '/' },
          { name: title, path },
        ]}
        eyebrow="Legal"
        title={title}
        intro={intro}
      >
        <p className="text-muted-foreground text-sm">
          Effective <time dateTime={effective}>{effectiveLabel}</time>
        </p>
      </PageHero>
      <div className="py-14 sm:py-20">
        <div className="mx-auto grid max-w-6xl gap-12 px-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <nav aria-labelledby="toc-title" className="lg:sticky lg:top-24 lg:self-start">
            <h2 id="toc-title" className="font-semibold text-muted-foreground text-sm uppercase tracking-wide">
              On this page
            </h2>
            <ol className="mt-4 grid gap-2 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                  >
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="max-w-3xl">
            {sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-title`}
                className="border-b py-8 leading-relaxed first:pt-0 last:border-b-0 [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-lg [&_li]:mt-2 [&_p]:mt-4 [&_strong]:font-semibold [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:ps-6 [&_ul]:marker:text-primary"
              >
                <h2 id={`${section.id}-title`} className="font-bold text-2xl tracking-tight">
                  {index + 1}. {section.title}
                </h2>
                {section.body}
              </section>
            ))}
          </div>
        </div>
      </div>
    </>
  )
}
