import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'
import { industries, services } from './content/catalog'

export default [
  index('routes/home.tsx'),
  // One module per page type; each service and industry address is its own route.
  ...services.map((service) => route(service.path.slice(1), 'routes/service.tsx', { id: `service:${service.key}` })),
  ...industries.map((industry) =>
    route(industry.path.slice(1), 'routes/industry.tsx', { id: `industry:${industry.path.split('/').pop()}` }),
  ),
  route('promotional-offer', 'routes/promotional-offer.tsx'),
  route('homeowner-intake', 'routes/homeowner-intake.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  route('robots.txt', 'routes/robots-txt.ts'),
  route('book', 'routes/book.tsx'),
  route('login', 'routes/login.tsx'),
  route('auth', 'routes/auth.tsx'),
  route('auth/sign-out', 'routes/auth.sign-out.tsx'),
  route('auth/verify-email', 'routes/auth.verify-email.tsx'),
  route('auth/forgot-password', 'routes/auth.forgot-password.tsx'),
  route('auth/reset-password', 'routes/auth.reset-password.tsx'),
  route('auth/two-factor', 'routes/auth.two-factor.tsx'),
  route('setup-account', 'routes/setup-account.tsx'),
  route('portal', 'routes/portal.tsx'),
  // The protected areas: one guarded layout each (routes/protected-area.tsx; what each requires is
  // protectedAreas in features/accounts/access.ts). Their pages never check access themselves. The
  // layouts have no path of their own, so a form posted to /admin or /billing reaches that page's
  // action, not the layout.
  layout('routes/protected-area.tsx', { id: 'area-account' }, [
    route('dashboard', 'routes/account/dashboard.tsx'),
    route('dashboard/claim', 'routes/account/claim-request.tsx'),
    route('account/settings', 'routes/account/settings.tsx'),
    route('account/confirm-email', 'routes/account/confirm-email.tsx'),
    route('account/two-factor', 'routes/account/two-factor.tsx'),
    // An owner's people page (protectedAreas: the people requirement).
    route('account/organisation', 'routes/account/organisation.tsx'),
  ]),
  // Support tickets (protectedAreas: the support requirement): the client's list, a new ticket, one
  // ticket with its thread, and its files.
  layout('routes/protected-area.tsx', { id: 'area-support' }, [
    route('support', 'routes/support/index.tsx'),
    route('support/new', 'routes/support/new.tsx'),
    route('support/:id', 'routes/support/ticket.tsx'),
    route('support/:id/files/:fileId', 'routes/support/file.ts'),
  ]),
  layout('routes/protected-area.tsx', { id: 'area-billing' }, [
    route('billing', 'routes/billing/index.tsx'),
    // One list, one page and one PDF module for the three kinds; the kind comes from the address.
    ...(['estimates', 'invoices', 'receipts'] as const).flatMap((section) => [
      route(`billing/${section}`, 'routes/billing/documents.tsx', { id: `billing-${section}` }),
      route(`billing/${section}/:id`, 'routes/billing/document.tsx', { id: `billing-${section}-document` }),
      route(`billing/${section}/:id/pdf`, 'routes/billing/document-pdf.ts', { id: `billing-${section}-pdf` }),
    ]),
    route('billing/invoices/:id/pay', 'routes/billing/pay.tsx'),
    route('billing/autopay', 'routes/billing/autopay.tsx'),
    route('billing/contracts', 'routes/billing/contracts.tsx'),
    route('billing/contracts/:id', 'routes/billing/contract.tsx'),
    route('billing/contracts/:id/pdf', 'routes/billing/contract-pdf.ts'),
    // Any other address under /billing is the area's 404.
    route('billing/*', 'routes/billing/not-found.tsx', { id: 'billing-not-found' }),
  ]),
  // Staff pages sit in the back office's frame (routes/back-office.tsx: navigation with counts)
  // inside their guarded area; files served as downloads do not need the frame.
  layout('routes/protected-area.tsx', { id: 'area-admin' }, [
    // The staff pages in the back office's frame (its navigation: features/staff/areas.ts).
    layout('routes/back-office.tsx', { id: 'back-office-admin' }, [
      route('admin', 'routes/admin/index.tsx'),
      route('admin/blog', 'routes/admin/blog.tsx'),
      route('admin/two-factor', 'routes/admin/two-factor.tsx'),
      route('admin/sync-status', 'routes/admin/sync-status.tsx'),
      // One editor: a new post, or an existing one by its id.
      route('admin/blog/new', 'routes/admin/blog-post.tsx', { id: 'admin-blog-new' }),
      route('admin/blog/:id', 'routes/admin/blog-post.tsx', { id: 'admin-blog-edit' }),
      route('admin/locations', 'routes/admin/locations.tsx'),
      route('admin/locations/import', 'routes/admin/locations-import.tsx'),
      // One editor: a new town page, or an existing one by its id.
      route('admin/locations/new', 'routes/admin/location.tsx', { id: 'admin-location-new' }),
      route('admin/locations/:id', 'routes/admin/location.tsx', { id: 'admin-location-edit' }),
      route('admin/redirects', 'routes/admin/redirects.tsx'),
      route('admin/billing', 'routes/admin/billing.tsx'),
      // One page for a new document, a draft (the editor) and a sent one (its actions).
      route('admin/billing/new', 'routes/admin/billing-document.tsx', { id: 'admin-billing-new' }),
      route('admin/billing/:id', 'routes/admin/billing-document.tsx', { id: 'admin-billing-document' }),
      route('admin/payments', 'routes/admin/payments.tsx'),
      route('admin/payments/invoices/:id', 'routes/admin/invoice-payments.tsx'),
      // Contracts: the list, a new one from a template, one contract (editor while a draft, then its
      // actions); the templates; the verification of a PDF in hand.
      route('admin/contracts', 'routes/admin/contracts.tsx'),
      route('admin/contracts/new', 'routes/admin/contract-new.tsx'),
      route('admin/contracts/verify', 'routes/admin/contract-verify.tsx'),
      route('admin/contracts/templates', 'routes/admin/contract-templates.tsx'),
      route('admin/contracts/templates/new', 'routes/admin/contract-template.tsx', {
        id: 'admin-contract-template-new',
      }),
      route('admin/contracts/templates/:id', 'routes/admin/contract-template.tsx', { id: 'admin-contract-template' }),
      route('admin/contracts/:id', 'routes/admin/contract.tsx'),
      route('admin/subscriptions', 'routes/admin/subscriptions.tsx'),
      route('admin/subscriptions/:id', 'routes/admin/subscription.tsx'),
      route('admin/accounts', 'routes/admin/accounts.tsx'),
      route('admin/accounts/:id', 'routes/admin/account.tsx'),
      route('admin/audit', 'routes/admin/audit.tsx'),
    ]),
    // Files and streams, and the town page's preview, which shows the public page as visitors will.
    route('admin/locations/import/run', 'routes/admin/locations-import-run.ts'),
    route('admin/locations/sample.csv', 'routes/admin/locations-sample.ts'),
    route('admin/locations/:id/preview', 'routes/admin/location-preview.tsx'),
    route('admin/billing/export.csv', 'routes/admin/billing-export.ts'),
    route('admin/billing/preview', 'routes/admin/billing-preview.ts'),
    route('admin/billing/:id/pdf', 'routes/admin/billing-pdf.ts'),
    route('admin/contracts/:id/pdf', 'routes/admin/contract-pdf.ts'),
  ]),
  layout('routes/protected-area.tsx', { id: 'area-staff' }, [
    layout('routes/back-office.tsx', { id: 'back-office-staff' }, [
      route('employee', 'routes/employee/index.tsx'),
      route('employee/requests', 'routes/employee/requests.tsx'),
      route('employee/requests/:id', 'routes/employee/request.tsx'),
      route('employee/clients', 'routes/employee/clients.tsx'),
      route('employee/clients/:id', 'routes/employee/client.tsx'),
      route('employee/billing', 'routes/employee/billing.tsx'),
      // A sent document, read only: the admins' view without their actions.
      route('employee/billing/:id', 'routes/employee/billing-document.tsx'),
      route('employee/tickets', 'routes/employee/tickets.tsx'),
      // Incoming support e-mail that waits for a person (docs/support.md#e-mail).
      route('employee/tickets/triage', 'routes/employee/tickets-triage.tsx'),
      // Staff open a ticket for an organisation's person (docs/support.md#staff-open-a-ticket).
      route('employee/tickets/new', 'routes/employee/ticket-new.tsx'),
      route('employee/tickets/:id', 'routes/employee/ticket.tsx'),
    ]),
    route('employee/tickets/:id/files/:fileId', 'routes/employee/ticket-file.ts'),
    // The queue's organisation filter loads its choices when opened.
    route('employee/tickets/organisations', 'routes/employee/ticket-organisations.ts'),
    route('employee/requests/export.csv', 'routes/employee/requests-export.ts'),
    route('employee/billing/:id/pdf', 'routes/employee/billing-pdf.ts'),
  ]),
  route('contact', 'routes/contact.tsx'),
  route('blog', 'routes/blog.tsx'),
  route('blog/rss.xml', 'routes/blog-feed.ts', { id: 'blog-rss' }),
  route('blog/atom.xml', 'routes/blog-feed.ts', { id: 'blog-atom' }),
  route('blog/:slug', 'routes/blog-post.tsx'),
  // A published town page; static routes above always win over this pattern.
  route(':slug', 'routes/location.tsx'),
  route('404', 'routes/not-found.tsx', { id: 'not-found-page' }),
  route('*', 'routes/not-found.tsx', { id: 'not-found-splat' }),
] satisfies RouteConfig
