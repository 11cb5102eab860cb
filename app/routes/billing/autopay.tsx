import { Form, redirect, useActionData, useNavigation } from 'react-router'
import { business } from '~/content/business'
import { guardedUser } from '~/features/accounts/guards.server'
import { billingClient, documentNotFound } from '~/features/billing/context.server'
import { methodKindLabels } from '~/features/payments'
import { paymentsDeps } from '~/features/payments/context.server'
import { autopayFormSchema } from '~/features/payments/schema'
import { nothingChangedMessage } from '~/lib/database-outage'
import { type IntentContext, intentAction } from '~/lib/forms/intent-action.server'
import { pageMeta } from '~/lib/seo'
import { useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import { FormMessage } from '~/ui/field'
import { BackLink, PageHeader } from '~/ui/page-header'
import { autopayOf, removeSavedMethod, setAutopay, startMethodSetup } from '../../../server/payments/payments.server.ts'
import type { Route } from './+types/autopay'

// /billing/autopay: an owner or billing person saves a card or bank account (the provider's hosted
// page, no charge) and turns autopay on: invoices of the organisation's plan are then charged when
// issued. Removing the method turns autopay off. Without online payments: 404.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: 'Autopay',
    description: `Pay ${business.name} invoices automatically.`,
    path: location.pathname,
    matches,
    noindex: true,
  })

async function load(args: Pick<IntentContext, 'context'>) {
  const client = await billingClient(args.context, guardedUser(args.context))
  const deps = paymentsDeps(args.context)
  if (!client || !deps.provider) throw documentNotFound()
  return { client, deps }
}

export const loader = async (args: Route.LoaderArgs) => {
  const { client, deps } = await load(args)
  const setting = await autopayOf(deps.db, client.organisationId)
  const returned = new URL(args.request.url).searchParams.get('saved') === '1'
  return {
    method: setting?.paymentMethodId
      ? {
          label: setting.methodLabel ?? 'Saved method',
          kind: setting.methodKind ? methodKindLabels[setting.methodKind] : '',
        }
      : null,
    enabled: setting?.enabled ?? false,
    // Back from the provider's page before its confirmation arrived.
    waiting: returned && !setting?.paymentMethodId,
  }
}

export const action = intentAction(
  {
    save: {
      run: async (ctx) => {
        const { client, deps } = await load(ctx)
        const here = `${deps.publicUrl}/billing/autopay`
        const { url } = await startMethodSetup(deps, client, { successUrl: `${here}?saved=1`, cancelUrl: here })
        return redirect(url)
      },
    },
    autopay: {
      schema: autopayFormSchema,
      run: async (ctx, { enabled }) => {
        const { client, deps } = await load(ctx)
        await setAutopay(deps, client, enabled === 'on')
        return enabled
      },
      done: (enabled) =>
        enabled === 'on' ? 'Autopay is on: new invoices are charged when issued.' : 'Autopay is off.',
    },
    remove: {
      run: async (ctx) => {
        const { client, deps } = await load(ctx)
        await removeSavedMethod(deps, client)
      },
      done: 'The saved method is removed and autopay is off.',
    },
  },
  { outage: nothingChangedMessage },
)

export default function Autopay({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>()
  useResultToast(result, { ok: 'Done', failed: 'Not changed' })
  const busy = useNavigation().state !== 'idle'
  const { method, enabled, waiting } = loaderData
  return (
    <div className="mx-auto grid max-w-xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <BackLink to="/billing">Billing</BackLink>
      <PageHeader title="Autopay" />
      {result && !result.ok && <FormMessage tone="error">{result.message}</FormMessage>}
      {waiting && (
        <FormMessage tone="notice">Your payment method is being confirmed. Reload this page in a moment.</FormMessage>
      )}
      <section aria-labelledby="method" className="grid gap-3 rounded-xl border p-4 sm:p-6">
        <h2 id="method" className="font-semibold text-lg">
          Saved payment method
        </h2>
        {method ? (
          <p>
            {method.label} <span className="text-muted-foreground text-sm">({method.kind})</span>
          </p>
        ) : (
          <p className="text-muted-foreground text-sm">
            None yet. Save a card or US bank account on our payment provider's secure page; nothing is charged now.
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="save" />
            <Button type="submit" disabled={busy} className="w-full sm:w-auto">
              {method ? 'Replace the saved method' : 'Save a card or bank account'}
            </Button>
          </Form>
          {method && (
            <Form method="post">
              <input type="hidden" name="intent" value="remove" />
              <Button type="submit" variant="outline" disabled={busy} className="w-full sm:w-auto">
                Remove it
              </Button>
            </Form>
          )}
        </div>
      </section>
      <section aria-labelledby="autopay-switch" className="grid gap-3 rounded-xl border p-4 sm:p-6">
        <h2 id="autopay-switch" className="font-semibold text-lg">
          Autopay is {enabled ? 'on' : 'off'}
        </h2>
        <p className="text-muted-foreground text-sm">
          With autopay on, each invoice of your plan is charged to the saved method when it is issued. You get an e-mail
          for every charge; a charge that fails is tried again 3, 5 and 7 days later, and you are told each time.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="autopay" />
          <input type="hidden" name="enabled" value={enabled ? 'off' : 'on'} />
          <Button type="submit" disabled={busy || (!enabled && !method)} className="w-full sm:w-auto">
            {enabled ? 'Turn autopay off' : 'Turn autopay on'}
          </Button>
        </Form>
      </section>
    </div>
  )
}
