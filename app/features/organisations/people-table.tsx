import { Form, useNavigation } from 'react-router'
import { Button } from '~/ui/button'
import { NativeSelect } from '~/ui/native-select'
import { type OrganisationRole, organisationRoleLabels, organisationRoles } from './roles'

/**
 * The people of an organisation with their status and role: the owner's people page
 * (/account/organisation) and the staff's organisation page (/employee/clients/:id) show the same
 * table, each in its own words. Whoever may change people gets the role form and the remove button
 * (intents `role` and `remove`, the organisations service checks again). On a phone each person is a
 * card: name and e-mail, status, then the role form and the button, one under the other.
 */

export type PersonRow = {
  personId: string
  /** The full name, or the e-mail when there is none. */
  name: string
  email: string
  role: OrganisationRole
  /** The status in the page's words ("Active", "Invited"…). */
  status: string
  /** Whether this visitor may take the person out (never an owner themselves). */
  removable: boolean
}

export type PeopleWords = {
  /** The table's caption, read by screen readers. */
  caption: string
  /** The remove button's label. */
  remove: string
}

export function RoleSelect({
  defaultValue,
  label,
  name = 'role',
}: {
  defaultValue: OrganisationRole
  label: string
  name?: string
}) {
  return (
    <NativeSelect name={name} defaultValue={defaultValue} aria-label={label} className="w-auto min-w-32">
      {organisationRoles.map((role) => (
        <option key={role} value={role}>
          {organisationRoleLabels[role]}
        </option>
      ))}
    </NativeSelect>
  )
}

const cell = 'px-4 py-2 max-sm:px-0 max-sm:py-0'

export function PeopleTable({
  people,
  canChange,
  words,
}: {
  people: PersonRow[]
  canChange: boolean
  words: PeopleWords
}) {
  const busy = useNavigation().state === 'submitting'
  return (
    <div className="rounded-xl border max-sm:border-0 sm:overflow-x-auto">
      <table className="w-full text-left text-sm max-sm:block">
        <caption className="sr-only">{words.caption}</caption>
        <thead className="bg-secondary/60 max-sm:sr-only">
          <tr>
            <th scope="col" className="px-4 py-2">
              Person
            </th>
            <th scope="col" className="px-4 py-2">
              Status
            </th>
            <th scope="col" className="px-4 py-2">
              Role
            </th>
            {canChange && (
              <th scope="col" className="px-4 py-2">
                <span className="sr-only">{words.remove}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="max-sm:grid max-sm:gap-3">
          {people.map((person) => (
            <tr
              key={person.personId}
              className="border-t max-sm:grid max-sm:gap-2 max-sm:rounded-xl max-sm:border max-sm:p-4"
              data-testid="person"
              data-email={person.email}
            >
              <td className={cell}>
                <span className="font-medium">{person.name}</span>
                <span className="block break-all text-muted-foreground">{person.email}</span>
              </td>
              <td className={cell}>
                <span className="text-muted-foreground sm:sr-only">Status: </span>
                {person.status}
              </td>
              <td className={cell}>
                {canChange ? (
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="personId" value={person.personId} />
                    <RoleSelect defaultValue={person.role} label={`Role of ${person.name}`} />
                    <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                      Change role<span className="sr-only"> of {person.name}</span>
                    </Button>
                  </Form>
                ) : (
                  <>
                    <span className="text-muted-foreground sm:sr-only">Role: </span>
                    {organisationRoleLabels[person.role]}
                  </>
                )}
              </td>
              {canChange && (
                <td className={`${cell} sm:text-right`}>
                  {person.removable && (
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="personId" value={person.personId} />
                      <Button type="submit" variant="outline" size="sm" disabled={busy}>
                        {words.remove}
                        <span className="sr-only"> {person.name}</span>
                      </Button>
                    </Form>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
