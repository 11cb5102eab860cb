import { renderToStaticMarkup } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { AccountMenu, accountHome, MobileAccountMenu } from '~/features/accounts/account-menu'
import { AccountProvider } from '~/features/accounts/account-state'
import type { AccountSummary } from '~/features/accounts/status'
import { CookieSettingsButton } from '~/features/consent/cookie-consent'
import { SiteFooterContent } from '~/features/marketing/site-footer'
import { SiteHeaderContent } from '~/features/marketing/site-header'
import { type FrameMarkup, frameMarksKey } from '~/frame-markup'
import { PlainLinks } from '~/ui/frame-link'

// One entry per variant: the header's marks (one per marked link and none, ~10) times the account
// menu's (none, client, employee, admin), ~30 KB each; the footer once a year.
const rendered = new Map<string, string>()

function once(key: string, render: () => string): string {
  let html = rendered.get(key)
  if (html === undefined) {
    html = render()
    rendered.set(key, html)
  }
  return html
}

/** The frame of islands pages, each variant rendered once per process (frame-markup.ts). */
export const frameMarkup: FrameMarkup = {
  header: (pathname, account) =>
    once(`header ${account ? accountHome(account).to : '-'} ${frameMarksKey(pathname)}`, () =>
      renderHeader(pathname, account),
    ),
  footer: () => {
    // The footer shows the year (the server's): a new one is a new variant.
    const year = new Date().getFullYear()
    return once(`footer ${year}`, renderFooter)
  },
}

/** The header's content as an islands page draws it (plain links), without the cache. */
export function renderHeader(pathname: string, account: AccountSummary | null): string {
  return renderToStaticMarkup(
    <StaticRouter location={{ pathname }}>
      <AccountProvider account={account}>
        <PlainLinks value={true}>
          <SiteHeaderContent
            account={account ? <AccountMenu initial={account} /> : undefined}
            mobileAccount={account ? <MobileAccountMenu initial={account} /> : undefined}
          />
        </PlainLinks>
      </AccountProvider>
    </StaticRouter>,
  )
}

/** The footer's content as an islands page draws it, without the cache. */
export function renderFooter(): string {
  return renderToStaticMarkup(
    <PlainLinks value={true}>
      <SiteFooterContent cookieSettings={<CookieSettingsButton />} />
    </PlainLinks>,
  )
}
