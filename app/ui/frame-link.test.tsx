import { renderToStaticMarkup } from 'react-dom/server'
import { Link, MemoryRouter, NavLink } from 'react-router'
import { describe, expect, it } from 'vitest'
import { FrameLink, FrameNavLink, isActivePath, PlainLinks } from './frame-link'

// On an islands page the frame's links are plain anchors; they must carry what React Router's
// links would have drawn there (href, the current page's marks), less the router's own attribute.
const render = (pathname: string, node: React.ReactNode, plain: boolean) =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[pathname]}>
      <PlainLinks value={plain}>{node}</PlainLinks>
    </MemoryRouter>,
  )
const withoutDiscover = (html: string) => html.replace(' data-discover="true"', '')

describe('frame links', () => {
  const cases: [pathname: string, to: string][] = [
    ['/dashboard', '/dashboard'],
    ['/dashboard', '/billing'],
    ['/billing/invoices', '/billing'],
    ['/billing-old', '/billing'],
    ['/services/cybersecurity', '/services/cybersecurity/'],
    ['/Blog', '/blog'],
    ['/blog/a-post', '/blog'],
    ['/dashboard', '/'],
    ['/', '/'],
  ]

  it.each(cases)('draws on %s the NavLink to %s as React Router does', (pathname, to) => {
    const props = { className: 'sheet-link', 'data-x': '1' }
    const router = render(
      pathname,
      <NavLink to={to} {...props}>
        Go
      </NavLink>,
      false,
    )
    const plain = render(
      pathname,
      <FrameNavLink to={to} {...props}>
        Go
      </FrameNavLink>,
      true,
    )
    expect(plain).toBe(withoutDiscover(router))
    expect(plain).not.toContain('data-discover')
  })

  it('marks the current page only where React Router would', () => {
    expect(isActivePath('/billing/invoices', '/billing')).toBe(true)
    expect(isActivePath('/billing-old', '/billing')).toBe(false)
    expect(isActivePath('/dashboard', '/')).toBe(false)
    expect(isActivePath('/', '/')).toBe(true)
  })

  it('draws a Link as its anchor on an islands page and as the router Link elsewhere', () => {
    const props = { className: 'c', 'aria-label': 'Home page' }
    const router = render('/x', <Link to="/" {...props} />, false)
    expect(render('/x', <FrameLink to="/" {...props} />, false)).toBe(router)
    const plain = render('/x', <FrameLink to="/" {...props} />, true)
    expect(plain).toBe(withoutDiscover(router))
    expect(plain).toBe('<a class="c" aria-label="Home page" href="/"></a>')
  })
})
