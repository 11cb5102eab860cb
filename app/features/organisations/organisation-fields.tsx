import { Field } from '~/ui/field'
import { Input } from '~/ui/input'
import { NativeSelect } from '~/ui/native-select'
import { Textarea } from '~/ui/textarea'
import { organisationKindLabels, organisationKinds, organisationStates } from './roles'

/**
 * The fields of an organisation as staff fill them in (organisationSchema's names): the staff's
 * "New organisation" form and the organisation page's details form.
 */

export type OrganisationFieldName =
  | 'name'
  | 'kind'
  | 'phone'
  | 'billingEmail'
  | 'streetAddress'
  | 'town'
  | 'state'
  | 'postalCode'
  | 'staffNotes'

export function OrganisationFields({
  value,
  errors,
}: {
  value: (name: OrganisationFieldName) => string
  errors: Partial<Record<string, string[]>> | undefined
}) {
  return (
    <>
      <Field label="Name" required error={errors?.name}>
        <Input name="name" defaultValue={value('name')} autoComplete="organization" />
      </Field>
      <Field label="Kind" error={errors?.kind}>
        <NativeSelect name="kind" defaultValue={value('kind') || 'business'}>
          {organisationKinds.map((kind) => (
            <option key={kind} value={kind}>
              {organisationKindLabels[kind]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="Phone" optional error={errors?.phone}>
        <Input name="phone" type="tel" defaultValue={value('phone')} />
      </Field>
      <Field label="Billing e-mail" optional error={errors?.billingEmail}>
        <Input name="billingEmail" type="email" defaultValue={value('billingEmail')} />
      </Field>
      <Field label="Street address" optional error={errors?.streetAddress}>
        <Input name="streetAddress" defaultValue={value('streetAddress')} />
      </Field>
      <Field label="Town" optional error={errors?.town}>
        <Input name="town" defaultValue={value('town')} />
      </Field>
      <Field label="State" optional error={errors?.state}>
        <NativeSelect name="state" defaultValue={value('state')}>
          <option value="">—</option>
          {organisationStates.map((state) => (
            <option key={state} value={state}>
              {state}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field label="ZIP code" optional error={errors?.postalCode}>
        <Input name="postalCode" inputMode="numeric" defaultValue={value('postalCode')} />
      </Field>
      <Field label="Staff notes" optional error={errors?.staffNotes} className="sm:col-span-2">
        <Textarea name="staffNotes" rows={4} defaultValue={value('staffNotes')} />
      </Field>
    </>
  )
}
