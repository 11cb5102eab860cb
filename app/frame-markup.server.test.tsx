import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { services } from '~/content/catalog'
import { AccountMenu, MobileAccountMenu } from '~/features/accounts/account-menu'
import { AccountProvider } from '~/features/accounts/account-state'
import type { AccountSummary } from '~/features/accounts/status'
import { CookieSettingsButton } from '~/features/consent/cookie-consent'
import { SiteFooter, siteFooterClass } from '~/features/marketing/site-footer'
import { SiteHeader, siteHeaderClass } from '~/features/marketing/site-header'
import { frameMarksKey } from '~/frame-markup'
import { frameMarkup, renderFooter, renderHeader } from '~/frame-markup.server'
import { PlainLinks } from '~/ui/frame-link'

const person = (overrides: Partial<AccountSummary>): AccountSummary => ({
  userId: 'u1',
  email: 'carla@example.com',
  name: 'Carla Client',
  companyName: null,
  phone: null,
  role: 'client',
  status: 'approved',
  isAdmin: false,
  twoFactorEnabled: false,
  organisation: null,
  organisationRole: null,
  ...overrides,
})

const accounts: (AccountSummary | null)[] = [
  null,
  person({}),
  person({
    userId: 'u2',
    name: 'Paula Pending <b>',
    email: 'paula@example.com',
    status: 'pending',
    organisationRole: 'member',
  }),
  person({ userId: 'u3', role: 'employee', name: 'Eve Employee' }),
  person({ userId: 'u4', role: 'employee', isAdmin: true, name: 'Ada Admin' }),
]

const pathnames = [
  '/',
  '/dashboard',
  '/billing',
  '/billing/invoices',
  '/blog',
  '/blog/a-post',
  '/Blog',
  '/blog-old',
  '/contact',
  '/contact/more',
  '/services',
  '/services/',
  '/services/not-a-service',
  '/no-such-page',
  '/it-support-suffern-ny',
  ...services.flatMap((service) => [service.path, `${service.path}/more`, service.path.toUpperCase()]),
]

/** The header as the page's React tree draws it on an islands page (no cache, a router). */
function drawnHeader(pathname: string, account: AccountSummary | null) {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[pathname]}>
      <AccountProvider account={account}>
        <PlainLinks value={true}>
          <SiteHeader
            account={account ? <AccountMenu initial={account} /> : undefined}
            mobileAccount={account ? <MobileAccountMenu initial={account} /> : undefined}
          />
        </PlainLinks>
      </AccountProvider>
    </MemoryRouter>,
  )
}

describe('the frame of islands pages, rendered once per variant', () => {
  it('is the header the page would have drawn, at every address and for every account', () => {
    for (const pathname of pathnames) {
      for (const account of accounts) {
        expect(`<header class="${siteHeaderClass}">${frameMarkup.header(pathname, account)}</header>`).toBe(
          drawnHeader(pathname, account),
        )
      }
    }
  })

  it('keys the header by everything it depends on: one key, one header', () => {
    const byKey = new Map<string, string>()
    for (const pathname of pathnames) {
      for (const account of accounts) {
        const key = `${account?.role}/${account?.isAdmin} ${frameMarksKey(pathname)}`
        const html = renderHeader(pathname, account)
        const seen = byKey.get(key)
        if (seen === undefined) byKey.set(key, html)
        else expect(html, `${pathname} for ${account?.name}`).toBe(seen)
      }
    }
    // The marks do tell pages apart: a service page, the blog and an unmarked page differ.
    const service = services[0]?.path ?? ''
    expect(new Set([frameMarksKey(service), frameMarksKey('/blog/a-post'), frameMarksKey('/dashboard')]).size).toBe(3)
    expect(renderHeader(service, null)).toMatch(new RegExp(`<a aria-current="page"[^>]* href="${service}"`))
    expect(renderHeader('/dashboard', null)).not.toContain('aria-current')
  })

  it('shows the account menu of the signed-in visitor, never another variant', () => {
    expect(frameMarkup.header('/', null)).toContain('>Login</a>')
    expect(frameMarkup.header('/', accounts[1] ?? null)).toContain('Dashboard')
    expect(frameMarkup.header('/', accounts[1] ?? null)).not.toContain('>Login</a>')
    expect(frameMarkup.header('/', accounts[3] ?? null)).toContain('Employee portal')
    expect(frameMarkup.header('/', accounts[4] ?? null)).toContain('Admin Dashboard')
    // No visitor's own words are in it (the cache is shared by everyone with the same menu).
    for (const account of accounts) {
      if (account) expect(frameMarkup.header('/', account)).not.toContain(account.name)
    }
  })

  it('renders each variant once', () => {
    const first = frameMarkup.header('/blog/one', accounts[1] ?? null)
    expect(frameMarkup.header('/blog/two', accounts[2] ?? null)).toBe(first)
    expect(frameMarkup.footer()).toBe(frameMarkup.footer())
  })

  it('is the footer the page would have drawn, with this year', () => {
    const drawn = renderToStaticMarkup(
      <PlainLinks value={true}>
        <SiteFooter cookieSettings={<CookieSettingsButton />} />
      </PlainLinks>,
    )
    expect(`<footer class="${siteFooterClass.replaceAll('&', '&amp;')}">${frameMarkup.footer()}</footer>`).toBe(drawn)
    expect(renderFooter()).toContain(`© <span>${new Date().getFullYear()}</span>`)
  })
})
