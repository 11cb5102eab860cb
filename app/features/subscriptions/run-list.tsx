import { businessDateTimeFormat } from '~/lib/business-time'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/ui/card'

export type RunRow = {
  id: string
  businessDate: string
  startedAt: string
  finishedAt: string | null
  issued: number
  skipped: number
  failed: number
  failures: { subscriptionId: string; periodStart: string; reason: string }[]
}

const when = (iso: string) => businessDateTimeFormat.format(new Date(iso))

/** The monthly run's last runs on the sync-status page: what each issued, skipped and why any failed. */
export function SubscriptionRunList({ runs }: { runs: RunRow[] }) {
  return (
    <section aria-labelledby="subscription-runs-title" className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="subscription-runs-title">Monthly subscription invoices: last runs</h2>
          </CardTitle>
          <CardDescription>
            Each run issues the invoices of subscriptions whose billing day has come, once per period.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {runs.length === 0 ? (
            <p className="text-muted-foreground text-sm">No run yet.</p>
          ) : (
            <ul className="divide-y" data-testid="subscription-runs">
              {runs.map((run) => (
                <li key={run.id} className="grid gap-1 py-3 text-sm" data-run-id={run.id}>
                  <span className="font-medium">
                    {when(run.startedAt)} · {run.finishedAt ? 'finished' : 'running or stopped'}
                  </span>
                  <span>
                    Issued {run.issued} · skipped {run.skipped} · failed {run.failed}
                  </span>
                  {run.failures.length > 0 && (
                    <ul className="list-disc pl-5 text-destructive">
                      {run.failures.map((failure) => (
                        <li key={`${failure.subscriptionId} ${failure.periodStart}`} className="break-words">
                          Period from {failure.periodStart}: {failure.reason}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  )
}
