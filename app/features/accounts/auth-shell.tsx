/** The centred card of the sign-in and account-link pages, with the page's one h1. */
export function AuthShell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="bg-gradient-to-b from-secondary to-background px-6 py-14 sm:py-20" aria-labelledby="auth-title">
      <div className="mx-auto max-w-md rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <h1 id="auth-title" className="mb-6 text-center font-bold text-2xl tracking-tight">
          {title}
        </h1>
        {children}
      </div>
    </section>
  )
}
