import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PostBody } from './post-body'

const render = (markdown: string) => renderToStaticMarkup(<PostBody markdown={markdown} />)

describe('a post body', () => {
  it('renders Markdown headings, lists and emphasis', () => {
    const html = render('## Backups\n\nRestore **three** things:\n\n- a folder\n- a mailbox\n\n### Off-site')
    expect(html).toContain('<h2>Backups</h2>')
    expect(html).toContain('<strong>three</strong>')
    expect(html).toContain('<li>a mailbox</li>')
    expect(html).toContain('<h3>Off-site</h3>')
  })

  it('never shows a second h1: a "#" heading becomes an h2', () => {
    const html = render('# Title again\n\nText')
    expect(html).not.toContain('<h1')
    expect(html).toContain('<h2>Title again</h2>')
  })

  it('marks links to other sites noopener, leaves links on this site alone, and opens both in place', () => {
    const html = render('[IRS](https://www.irs.gov/pub/irs-pdf/p5708.pdf) and [book](/book?service=cybersecurity)')
    expect(html).toContain('<a href="https://www.irs.gov/pub/irs-pdf/p5708.pdf" rel="noopener">IRS</a>')
    expect(html).toContain('<a href="/book?service=cybersecurity">book</a>')
    expect(html).not.toContain('target=')
  })

  it('shows raw HTML as text and drops script links', () => {
    const html = render('<script>alert(1)</script>\n\n<b onclick="x()">bold</b> [click](javascript:alert(1))')
    expect(html).not.toContain('<script')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<b ')
    expect(html).not.toContain('javascript:')
  })
})
