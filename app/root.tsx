import { HouseIcon, PhoneIcon, TriangleAlertIcon } from 'lucide-react'
import { use, useEffect } from 'react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from 'react-router'
import { business } from '~/content/business'
import { AccountMenu, MobileAccountMenu } from '~/features/accounts/account-menu'
import { AccountProvider } from '~/features/accounts/account-state'
import { getUser, publicSummary, sessionMiddleware } from '~/features/accounts/guards.server'
import { LiveAccountStatus } from '~/features/accounts/live-status'
import { ProtectedErrorBoundary, ProtectedNavigationStatus } from '~/features/accounts/protected'
import { cookieBannerMarkup } from '~/features/consent/banner-markup.server'
import { CookieBannerTemplate, CookieSettingsButton } from '~/features/consent/cookie-consent'
import { TagLayerScript } from '~/features/consent/tag-layer-script'
import { usePageViews } from '~/features/consent/use-page-views'
import { enhancePage } from '~/features/marketing/enhance/page'
import { SiteFooter, siteFooterClass } from '~/features/marketing/site-footer'
import { SiteHeader, siteHeaderClass } from '~/features/marketing/site-header'
import { isBackOfficePath } from '~/features/staff/areas'
import { FrameMarkupContext } from '~/frame-markup'
import { islandsScripts } from '~/islands/manifest.server'
import { appLoaderScript } from '~/lib/app-loader-script'
import { DeferredScripts } from '~/lib/deferred-scripts'
import { pageUsesIslands } from '~/lib/islands-mode'
import { useServerNonce } from '~/lib/nonce'
import { buttonVariants } from '~/ui/button'
import { DeferredToaster } from '~/ui/deferred-toaster'
import { PlainLinks } from '~/ui/frame-link'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import { appContext } from './context.server'

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware]

export async function loader(args: Route.LoaderArgs) {
  const { nonce, config } = args.context.get(appContext)
  const user = await getUser(args)
  const account = user ? publicSummary(user) : null
  return {
    nonce,
    publicUrl: config.publicUrl,
    gtmId: config.gtmId ?? null,
    account,
    cookieBanner: cookieBannerMarkup(),
    islands: islandsScripts(),
  }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const serverNonce = useServerNonce()
  const nonce = data?.nonce ?? serverNonce
  const account = data?.account ?? null
  const matches = useMatches()
  const { search, pathname } = useLocation()
  // Staff pages have the back office's own frame (routes/back-office.tsx) instead of the site's
  // header and footer; anyone else on those addresses (a refused visitor) keeps the site's.
  const backOffice = account !== null && account.role !== 'client' && isBackOfficePath(pathname)
  // Decided once, on the server: a page in the browser is only ever rendered by the app (an
  // islands page has no React tree there), including islands routes it navigates to.
  const islands = import.meta.env.SSR && pageUsesIslands(matches, search)
  // On an islands page nothing hydrates the header and footer: they are drawn from HTML rendered once
  // per variant (app/frame-markup.ts), a third of such a page's render.
  const frameMarkup = use(FrameMarkupContext)
  const frame = islands ? frameMarkup : null
  // On app pages: the shell's plain-DOM behaviour (menus, section links, cookie banner), here in the
  // layout so that error pages have it too, then the document is marked hydrated (end-to-end tests
  // wait for this). Islands pages get both from their own script.
  useEffect(() => {
    const cleanup = enhancePage()
    document.documentElement.dataset.hydrated = 'true'
    return cleanup
  }, [])
  return (
    <html lang="en-US">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before anything else that could load a tag: the consent default (Google consent mode v2). */}
        <TagLayerScript nonce={nonce} gtmId={data?.gtmId ?? null} />
        <meta name="theme-color" content="#1a64d6" />
        <meta property="og:site_name" content={business.name} />
        <meta property="og:locale" content="en_US" />
        <Meta />
        {/* With a precedence React puts the one stylesheet at the top of <head>, ahead of the
            module preloads, so the browser fetches it first (docs/frontend-performance.md). */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Links />
      </head>
      {/* An islands page for a signed-in visitor (a public page, /dashboard, /billing) tells its script the
          status it was rendered with, for the live status (features/accounts/enhance/signed-in.ts). */}
      <body className="flex min-h-dvh flex-col" data-account-status={islands && account ? account.status : undefined}>
        {data && <CookieBannerTemplate html={data.cookieBanner} />}
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-4 py-3 font-semibold text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <AccountProvider account={account}>
          <PlainLinks value={islands}>
            {account && <LiveAccountStatus key={account.userId} status={account.status} />}
            {!backOffice &&
              (frame ? (
                <header
                  className={siteHeaderClass}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own header rendered by React on the server (app/frame-markup.server.tsx); its only input from a visitor is which menu variant.
                  dangerouslySetInnerHTML={{ __html: frame.header(pathname, account) }}
                />
              ) : (
                <SiteHeader
                  account={account ? <AccountMenu initial={account} /> : undefined}
                  mobileAccount={account ? <MobileAccountMenu initial={account} /> : undefined}
                />
              ))}
            <main
              id="main"
              tabIndex={-1}
              className={backOffice ? 'flex flex-1 flex-col focus:outline-none' : 'flex-1 focus:outline-none'}
            >
              <ProtectedNavigationStatus />
              {children}
            </main>
            {!backOffice &&
              (frame ? (
                <footer
                  className={siteFooterClass}
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own footer rendered by React on the server (app/frame-markup.server.tsx), no visitor input.
                  dangerouslySetInnerHTML={{ __html: frame.footer() }}
                />
              ) : (
                <SiteFooter cookieSettings={<CookieSettingsButton />} />
              ))}
          </PlainLinks>
        </AccountProvider>
        <DeferredToaster />
        {islands && data ? (
          <IslandsScript nonce={nonce} {...data.islands} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <DeferredScripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  )
}

/**
 * Islands mode: the page's one script (islands/entry.ts), started after the first paint like the
 * app's modules (lib/app-loader-script.ts).
 */
function IslandsScript({
  nonce,
  entry,
  preloads,
  prelude,
}: {
  nonce?: string | undefined
  entry: string
  preloads: string[]
  prelude: string[]
}) {
  const code = [...prelude, entry].map((url) => `import ${JSON.stringify(url)}`).join(';')
  return (
    <script
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script; its inputs are the build's file names, JSON escaped for <script>.
      dangerouslySetInnerHTML={{ __html: appLoaderScript(preloads, code) }}
    />
  )
}

export default function App() {
  usePageViews()
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A protected area's guard refused the visitor (it runs before every loader, so its refusal lands here).
  if (isRouteErrorResponse(error) && error.status === 403) return <ProtectedErrorBoundary />
  let title = 'Something went wrong'
  let message =
    'An unexpected error stopped this page from loading. Please try again in a moment; if it keeps happening, call us.'
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = 'Page not found'
      message = 'We could not find the page you were looking for.'
    } else if (error.status === 503) {
      title = 'We will be right back'
      // A database outage says what it means for this page (app/lib/database-outage.server.ts).
      const said = (error.data as { error?: unknown } | null)?.error
      message = typeof said === 'string' ? said : 'Our site is briefly unavailable. Please try again in a minute.'
    }
  }
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-20 text-center sm:py-28">
      <title>{`${title} | ${business.name}`}</title>
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary">
        <TriangleAlertIcon className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-6 font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* A full page load (not a client navigation) recovers from whatever broke the app. */}
        <a href="/" className={buttonVariants({ size: 'lg' })}>
          <HouseIcon aria-hidden="true" />
          Go to the home page
        </a>
        <a href={`tel:${business.phoneE164}`} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          <PhoneIcon aria-hidden="true" />
          Call {business.phone}
        </a>
      </div>
    </section>
  )
}
