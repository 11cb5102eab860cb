import Markdown, { type Components } from 'react-markdown'

/** Links to other sites: rel="noopener" and the same tab, as every link on the site opens. */
const isExternal = (href: string | undefined) => href !== undefined && /^(?:[a-z][a-z0-9+.-]*:)?\/\//i.test(href)

const components: Components = {
  // The post's title is the page's h1, so a "#" heading in a body is shown one level down.
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
  a: ({ node: _node, href, ...props }) => <a href={href} rel={isExternal(href) ? 'noopener' : undefined} {...props} />,
}

/**
 * A post's Markdown body, rendered on the server. Raw HTML in the text is not rendered (shown as
 * text), and unsafe link targets such as javascript: are dropped: react-markdown's defaults.
 */
export function PostBody({ markdown }: { markdown: string }) {
  return (
    <div
      data-slot="post-body"
      className="max-w-[68ch] text-lg leading-relaxed [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-primary-hover [&_blockquote]:mt-6 [&_blockquote]:border-primary [&_blockquote]:border-s-4 [&_blockquote]:ps-5 [&_blockquote]:text-muted-foreground [&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-base [&_h2]:mt-12 [&_h2]:text-balance [&_h2]:font-bold [&_h2]:text-2xl [&_h2]:tracking-tight [&_h3]:mt-8 [&_h3]:font-semibold [&_h3]:text-xl [&_h4]:mt-6 [&_h4]:font-semibold [&_hr]:my-10 [&_li]:mt-2 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:mt-5 [&_strong]:font-semibold [&_ul]:mt-5 [&_ul]:list-disc [&_ul]:ps-6 [&_ul]:marker:text-primary [&>*:first-child]:mt-0"
    >
      <Markdown components={components}>{markdown}</Markdown>
    </div>
  )
}
