import { SECTION_LINK_ATTR } from '~/features/marketing/enhance/section-links'

/**
 * A link to a home page section: a plain "/#id" link (it works without JavaScript); the smooth
 * scroll and the spec's delays come from features/marketing/enhance/section-links.ts.
 */
export function SectionLink({ sectionId, ...props }: React.ComponentProps<'a'> & { sectionId: string }) {
  return <a {...props} href={`/#${sectionId}`} {...{ [SECTION_LINK_ATTR]: sectionId }} />
}
