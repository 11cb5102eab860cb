import { index, type RouteConfig, route } from '@react-router/dev/routes'

export default [
  index('routes/home.tsx'),
  route('login', 'routes/login.tsx'),
  route('auth', 'routes/auth.tsx'),
  route('auth/sign-out', 'routes/auth.sign-out.tsx'),
  route('auth/verify-email', 'routes/auth.verify-email.tsx'),
  route('auth/forgot-password', 'routes/auth.forgot-password.tsx'),
  route('auth/reset-password', 'routes/auth.reset-password.tsx'),
  route('setup-account', 'routes/setup-account.tsx'),
  route('account/settings', 'routes/account.settings.tsx'),
  route('account/confirm-email', 'routes/account.confirm-email.tsx'),
  route('portal', 'routes/portal.tsx'),
  route('dashboard', 'routes/dashboard.tsx'),
  route('billing', 'routes/billing.tsx'),
  // estimates, invoices, receipts, contracts; any other section is a 404.
  route('billing/:section', 'routes/billing.section.tsx'),
  route('admin', 'routes/admin.tsx'),
  route('employee', 'routes/employee.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('404', 'routes/not-found.tsx', { id: 'not-found-page' }),
  route('*', 'routes/not-found.tsx', { id: 'not-found-splat' }),
] satisfies RouteConfig
