import { ChevronDownIcon } from 'lucide-react'
import type { Faq } from '~/content/services'
import { faqJsonLd } from '~/lib/json-ld'
import { JsonLd } from '~/lib/json-ld-script'
import { Section, SectionHeader } from './section'

/** Questions and answers as native disclosure widgets (work without JavaScript), plus FAQPage data. */
export function FaqSection({ faqs, title = 'Frequently asked questions' }: { faqs: readonly Faq[]; title?: string }) {
  return (
    <Section aria-labelledby="faq-title" tone="muted">
      <SectionHeader id="faq-title" eyebrow="FAQ" title={title} />
      <div className="mx-auto mt-10 grid max-w-3xl gap-3">
        {faqs.map((faq) => (
          <details key={faq.question} className="group rounded-xl border bg-card shadow-xs open:shadow-sm">
            <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-semibold [&::-webkit-details-marker]:hidden">
              {faq.question}
              <ChevronDownIcon
                className="size-5 shrink-0 text-primary transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <p className="px-5 pb-5 text-muted-foreground leading-relaxed">{faq.answer}</p>
          </details>
        ))}
      </div>
      <JsonLd data={faqJsonLd(faqs)} />
    </Section>
  )
}
