import { ShieldIcon } from 'lucide-react'
import { Form } from 'react-router'
import { Button } from '~/ui/button'
import { Choice, FieldSet } from '~/ui/field'
import { RadioGroup, RadioGroupItem } from '~/ui/radio-group'
import { roleLabels } from './account-list'
import { accountRoles } from './admin-labels'

/** An admin changes an account's role (/admin/accounts/:id); the server keeps at least one admin. */
export function RoleForm({ role, busy }: { role: string; busy: boolean }) {
  return (
    <section aria-labelledby="role-title" className="grid content-start gap-3 rounded-xl border bg-card p-5">
      <h2 id="role-title" className="font-semibold text-lg">
        Role
      </h2>
      <Form method="post" className="grid gap-3">
        <input type="hidden" name="intent" value="role" />
        <FieldSet legend="This account is">
          <RadioGroup name="role" defaultValue={role} className="flex flex-wrap gap-x-5 gap-y-2">
            {accountRoles.map((choice) => (
              <Choice key={choice} label={roleLabels[choice] ?? choice} className="items-center">
                <RadioGroupItem value={choice} />
              </Choice>
            ))}
          </RadioGroup>
        </FieldSet>
        <p className="text-muted-foreground text-xs">
          Employees and admins sign in with a second factor and see every client's data. There is always at least one
          admin.
        </p>
        <div>
          <Button type="submit" disabled={busy}>
            <ShieldIcon aria-hidden="true" />
            Change role
          </Button>
        </div>
      </Form>
    </section>
  )
}
