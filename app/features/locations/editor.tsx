import { useState } from 'react'
import { business } from '~/content/business'
import type { EditorResult } from '~/lib/forms/editor-action.server'
import { slugFromTitle } from '~/lib/slug'
import { EditorForm, fieldErrorsOf, PublishState, SlugField, useSuggestedSlug } from '~/ui/content-editor'
import { Field, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { NativeSelect } from '~/ui/native-select'
import { Textarea } from '~/ui/textarea'
import { locationFieldLimits, locationStates } from './schema'

// The town page editor of /admin/locations/new and /admin/locations/{id} (app/routes/admin/location.tsx).

/** The form's fields, in the order of the page. */
const textFields = [
  'slug',
  'isPublished',
  'town',
  'county',
  'state',
  'businessName',
  'phone',
  'streetAddress',
  'postalCode',
  'heroTitle',
  'heroDescription',
  'serviceAreaDescription',
  'metaTitle',
  'metaDescription',
  'metaKeywords',
] as const
type Values = Record<(typeof textFields)[number], string>

/** A saved town page as the form's values (a switch as yes/no, an empty column as ''). */
export function locationFormValues(row: { [K in (typeof textFields)[number]]: string | boolean | null }): Values {
  return Object.fromEntries(
    textFields.map((name) => {
      const value = row[name]
      return [name, typeof value === 'boolean' ? (value ? 'yes' : 'no') : (value ?? '')]
    }),
  ) as Values
}

/** A new town page's first values. */
export const emptyLocationValues: Values = {
  slug: '',
  isPublished: 'no',
  town: '',
  county: '',
  state: 'NY',
  businessName: '',
  phone: '',
  streetAddress: '',
  postalCode: '',
  heroTitle: '',
  heroDescription: '',
  serviceAreaDescription: '',
  metaTitle: '',
  metaDescription: '',
  metaKeywords: '',
}

/** The address a new town page suggests: it-support-{town}-{state}. */
const suggestedSlug = (town: string, state: string) => (town.trim() ? slugFromTitle(`it support ${town} ${state}`) : '')

/** The town page as the editor's loader gives it. */
type LoadedLocation = {
  id: string
  town: string
  slug: string
  isPublished: boolean
  updatedAt: string
  values: Values
}

export function LocationForm({
  location,
  initial,
  result,
}: {
  location: LoadedLocation | null
  initial: Values
  result: EditorResult | undefined
}) {
  const [town, setTown] = useState(initial.town)
  const [state, setState] = useState(initial.state)
  // A new page's address follows its town until someone types an address of their own.
  const address = useSuggestedSlug(initial.slug, suggestedSlug(initial.town, initial.state), location !== null)
  const slug = address.slug
  const [published, setPublished] = useState(initial.isPublished === 'yes' ? 'yes' : 'no')
  const errors = fieldErrorsOf(result)
  const place = `${town.trim() || '{town}'}, ${state}`
  const limit = locationFieldLimits

  return (
    <EditorForm
      updatedAt={location?.updatedAt}
      result={result}
      submitLabel={location ? 'Save' : 'Create town page'}
      cancelTo="/admin/locations"
    >
      <div className="grid gap-6 sm:grid-cols-[2fr_1fr]">
        <Field label="Town" required error={errors?.town}>
          <Input
            name="town"
            maxLength={limit.town}
            value={town}
            onChange={(event) => {
              setTown(event.target.value)
              address.follow(suggestedSlug(event.target.value, state))
            }}
          />
        </Field>
        <Field label="State" required error={errors?.state}>
          <NativeSelect
            name="state"
            value={state}
            onChange={(event) => {
              setState(event.target.value)
              address.follow(suggestedSlug(town, event.target.value))
            }}
          >
            {locationStates.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <SlugField
        slug={slug}
        onType={address.type}
        maxLength={limit.slug}
        error={errors?.slug}
        hint={
          <>
            The page’s address: /<strong>{slug || '…'}</strong>. Lowercase letters, digits and hyphens; not one of the
            site’s own pages (such as blog or book).
          </>
        }
      />
      {location?.isPublished && slug !== location.slug && (
        <FormMessage tone="notice">
          This page is public. After saving, its old address /{location.slug} sends visitors to the new one (a permanent
          redirect, listed under Redirects).
        </FormMessage>
      )}
      <Field
        label="County"
        hint={`Shown above the headline, e.g. Rockland County; empty: “${place}”.`}
        error={errors?.county}
      >
        <Input name="county" maxLength={limit.county} defaultValue={initial.county} />
      </Field>

      <PublishState
        legend="Visibility"
        name="isPublished"
        value={published}
        onValueChange={setPublished}
        error={errors?.isPublished}
        options={[
          { value: 'no', label: 'Hidden', hint: 'Only staff see it, here and in its preview.' },
          { value: 'yes', label: 'Published', hint: 'Public at its address and in the sitemap as soon as you save.' },
        ]}
      />

      <fieldset className="grid gap-4 rounded-lg border p-4">
        <legend className="px-1 font-medium">Page text (each is optional: empty fields use the text shown)</legend>
        <Field label="Headline" hint={`Empty: “IT Support in ${place}”.`} error={errors?.heroTitle}>
          <Input name="heroTitle" maxLength={limit.heroTitle} defaultValue={initial.heroTitle} />
        </Field>
        <Field
          label="Introduction"
          hint={`Under the headline. Empty: a sentence naming ${town.trim() || 'the town'} and our ${business.address.town} team.`}
          error={errors?.heroDescription}
        >
          <Textarea
            name="heroDescription"
            rows={3}
            maxLength={limit.heroDescription}
            defaultValue={initial.heroDescription}
          />
        </Field>
        <Field
          label="Service area text"
          hint={`Empty: “We serve ${town.trim() || '{town}'} and the towns around it, within about ${business.serviceRadiusMiles.locations} miles of our ${business.address.town} office…”.`}
          error={errors?.serviceAreaDescription}
        >
          <Textarea
            name="serviceAreaDescription"
            rows={3}
            maxLength={limit.serviceAreaDescription}
            defaultValue={initial.serviceAreaDescription}
          />
        </Field>
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border p-4">
        <legend className="px-1 font-medium">Contact details (optional)</legend>
        <Field label="Business name" hint={`Empty: ${business.name}.`} error={errors?.businessName}>
          <Input name="businessName" maxLength={limit.businessName} defaultValue={initial.businessName} />
        </Field>
        <Field label="Phone" hint={`Empty: ${business.phone}.`} error={errors?.phone}>
          <Input name="phone" type="tel" maxLength={limit.phone} defaultValue={initial.phone} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <Field
            label="Street address"
            hint="Shown with the ZIP code, only when both are given."
            error={errors?.streetAddress}
          >
            <Input name="streetAddress" maxLength={limit.streetAddress} defaultValue={initial.streetAddress} />
          </Field>
          <Field label="ZIP code" error={errors?.postalCode}>
            <Input
              name="postalCode"
              inputMode="numeric"
              maxLength={limit.postalCode}
              defaultValue={initial.postalCode}
            />
          </Field>
        </div>
      </fieldset>

      <fieldset className="grid gap-4 rounded-lg border p-4">
        <legend className="px-1 font-medium">Search appearance (optional)</legend>
        <Field
          label="Search title"
          hint={`The title in search results. Empty: “IT Support & Managed IT Services in ${place}”.`}
          error={errors?.metaTitle}
        >
          <Input name="metaTitle" maxLength={limit.metaTitle} defaultValue={initial.metaTitle} />
        </Field>
        <Field
          label="Search description"
          hint="The description in search results. Empty: a sentence naming the town, county and services."
          error={errors?.metaDescription}
        >
          <Textarea
            name="metaDescription"
            rows={2}
            maxLength={limit.metaDescription}
            defaultValue={initial.metaDescription}
          />
        </Field>
        <Field label="Keywords" hint="Comma-separated. Empty: no keywords tag." error={errors?.metaKeywords}>
          <Input name="metaKeywords" maxLength={limit.metaKeywords} defaultValue={initial.metaKeywords} />
        </Field>
      </fieldset>
    </EditorForm>
  )
}
