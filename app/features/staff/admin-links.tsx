import { Link } from 'react-router'

// The Admin Dashboard's (/admin) way into each of the admin's areas, one short section each.

export function AdminAreaLinks() {
  return (
    <>
      <section aria-labelledby="blog-title" className="grid gap-2">
        <h2 id="blog-title" className="font-semibold text-xl">
          Blog
        </h2>
        <p className="text-muted-foreground text-sm">
          Write, schedule and publish the posts on /blog.{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/admin/blog">
            Manage blog posts
          </Link>
        </p>
      </section>
      <section aria-labelledby="locations-title" className="grid gap-2">
        <h2 id="locations-title" className="font-semibold text-xl">
          Town pages
        </h2>
        <p className="text-muted-foreground text-sm">
          Write, publish and import the town pages (/it-support-…), and see the old addresses that redirect.{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/admin/locations">
            Manage town pages
          </Link>
          {' · '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/admin/redirects">
            Redirects
          </Link>
        </p>
      </section>
      <section aria-labelledby="billing-title" className="grid gap-2">
        <h2 id="billing-title" className="font-semibold text-xl">
          Billing
        </h2>
        <p className="text-muted-foreground text-sm">
          Estimates, invoices, payments and receipts of client accounts.{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/admin/billing">
            Manage billing
          </Link>
        </p>
      </section>
      <section aria-labelledby="sync-title" className="grid gap-2">
        <h2 id="sync-title" className="font-semibold text-xl">
          Sync status
        </h2>
        <p className="text-muted-foreground text-sm">
          The mail outbox, scheduled jobs, database and mail server at a glance; retry or discard a stuck e-mail.{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/admin/sync-status">
            Open sync status
          </Link>
        </p>
      </section>
      <section aria-labelledby="contracts-title" className="grid gap-2">
        <h2 id="contracts-title" className="font-semibold text-xl">
          Contracts
        </h2>
        <p className="text-muted-foreground text-sm">
          Service agreements clients sign electronically, their templates, and the check of a signed PDF.{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/admin/contracts">
            Manage contracts
          </Link>
        </p>
      </section>
      <section aria-labelledby="two-factor-title" className="grid gap-2">
        <h2 id="two-factor-title" className="font-semibold text-xl">
          Two-factor sign-in
        </h2>
        <p className="text-muted-foreground text-sm">
          Who signs in with a second factor; reset it for someone who lost their phone.{' '}
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/admin/two-factor">
            Manage two-factor sign-in
          </Link>
        </p>
      </section>
      <section aria-labelledby="records-title" className="grid gap-2">
        <h2 id="records-title" className="font-semibold text-xl">
          Records
        </h2>
        <p className="text-muted-foreground text-sm">
          The cookie consent log: every choice visitors saved (anonymous id, choices, policy version, time; no IP
          addresses).{' '}
          <a
            className="font-medium text-primary underline-offset-4 hover:underline"
            href="/api/admin/consent-log.csv"
            download
          >
            Download the consent log (CSV)
          </a>
        </p>
      </section>
    </>
  )
}
