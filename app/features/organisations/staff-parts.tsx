import { Form, Link, useNavigation } from 'react-router'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { Input } from '~/ui/input'
import { NativeSelect } from '~/ui/native-select'
import { RoleSelect } from './people-table'

/**
 * The parts of the staff's organisation page (/employee/clients/:id) besides the people table and
 * the history: the details as employees read them, the organisation's records, adding a person,
 * merging an organisation created twice.
 */

export type OrganisationDetails = {
  phone: string | null
  address: string
  billingEmail: string | null
  requireSecondFactor: boolean
  staffNotes: string
}

export function DetailsView({ organisation }: { organisation: OrganisationDetails }) {
  return (
    <section aria-labelledby="details-title" className="grid gap-3">
      <h2 id="details-title" className="font-semibold text-xl">
        Details
      </h2>
      <dl className="grid gap-x-6 gap-y-2 rounded-xl border bg-card p-5 text-sm sm:grid-cols-[12rem_1fr]">
        <dt className="text-muted-foreground">Phone</dt>
        <dd>{organisation.phone ?? '—'}</dd>
        <dt className="text-muted-foreground">Address</dt>
        <dd>{organisation.address || '—'}</dd>
        <dt className="text-muted-foreground">Billing e-mail</dt>
        <dd className="break-all">{organisation.billingEmail ?? '—'}</dd>
        <dt className="text-muted-foreground">Second factor</dt>
        <dd>{organisation.requireSecondFactor ? 'Required of everyone' : 'Up to each person'}</dd>
        <dt className="text-muted-foreground">Staff notes</dt>
        <dd className="whitespace-pre-wrap">{organisation.staffNotes || '—'}</dd>
      </dl>
    </section>
  )
}

/** One record of the organisation as a line: a link when staff have a page for it, and what it is now. */
export type RecordLine = { id: string; label: string; href: string | null; summary: string }

export function RecordList({
  id,
  title,
  empty,
  lines,
}: {
  id: string
  title: string
  empty: string
  lines: RecordLine[]
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h2 id={`${id}-title`} className="font-semibold text-xl">
        {title}
      </h2>
      {lines.length === 0 ? (
        <p className="text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {lines.map((line) => (
            <li key={line.id}>
              {line.href ? (
                <Link to={line.href} className="text-primary hover:underline">
                  {line.label}
                </Link>
              ) : (
                line.label
              )}{' '}
              — {line.summary}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Admins add a client person (by e-mail) to the organisation, or move them here from another. */
export function AddPersonForm({ errors }: { errors: Partial<Record<string, string[]>> | undefined }) {
  const busy = useNavigation().state === 'submitting'
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
      <input type="hidden" name="intent" value="add" />
      <Field
        label="Add or move a client person (their e-mail)"
        error={errors?.email}
        className="w-full sm:w-auto sm:min-w-72"
      >
        <Input name="email" type="email" autoComplete="off" />
      </Field>
      <Field label="In the role" error={errors?.role}>
        <RoleSelect defaultValue="member" label="Role of the person added" />
      </Field>
      <Button type="submit" disabled={busy}>
        Add to this organisation
      </Button>
    </Form>
  )
}

/** For a client created twice: this organisation's people and records move to the one that stays. */
export function MergeForm({ name, others }: { name: string; others: { id: string; name: string }[] }) {
  const busy = useNavigation().state === 'submitting'
  if (others.length === 0) return null
  return (
    <section aria-labelledby="merge-title" className="grid gap-3">
      <h2 id="merge-title" className="font-semibold text-xl">
        Merge into another organisation
      </h2>
      <p className="text-muted-foreground text-sm">
        For a client created twice: this organisation's people, documents, contracts and requests move to the one that
        stays, and this one is deleted. The audit log lists what moved.
      </p>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="merge" />
        <Field label="The organisation that stays" className="w-full sm:w-auto">
          <NativeSelect name="into" defaultValue="">
            <option value="" disabled>
              Choose an organisation
            </option>
            {others.map((other) => (
              <option key={other.id} value={other.id}>
                {other.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" variant="destructive" disabled={busy}>
          Merge {name} into it
        </Button>
      </Form>
    </section>
  )
}
