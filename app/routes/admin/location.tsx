import { ArrowLeftIcon, ExternalLinkIcon, EyeIcon, SaveIcon, Trash2Icon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router'
import { business } from '~/content/business'
import { appContext } from '~/context.server'
import { guardedUser } from '~/features/accounts/guards.server'
import { locationFieldLimits, locationFormSchema, locationStates } from '~/features/locations/schema'
import { businessDateTimeFormat } from '~/lib/business-time'
import { checkForm, formValues, readForm, reply } from '~/lib/forms/action.server'
import type { ActionResult, FieldErrors } from '~/lib/forms/result'
import { pageMeta } from '~/lib/seo'
import { slugFromTitle } from '~/lib/slug'
import { toast, useResultToast } from '~/lib/toast'
import { Button } from '~/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/ui/dialog'
import { Choice, Field, FieldSet, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { NativeSelect } from '~/ui/native-select'
import { RadioGroup, RadioGroupItem } from '~/ui/radio-group'
import { Textarea } from '~/ui/textarea'
import {
  createLocation,
  deleteLocation,
  findLocationById,
  LocationAdminError,
  updateLocation,
} from '../../../server/locations/admin.server.ts'
import type { Route } from './+types/location'

// /admin/locations/new and /admin/locations/{id}: one editor for a new town page and an existing one.

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta({
    title: loaderData?.location ? `Edit: ${loaderData.location.town}` : 'New town page',
    description: `Write and publish a town page of ${business.name}.`,
    path: params.id ? `/admin/locations/${params.id}` : '/admin/locations/new',
    matches,
    noindex: true,
  })

const databaseDown = (what: 'saved' | 'deleted') =>
  `The database did not answer, so nothing was ${what}. Your text is still here: try again in a minute.`

const notFound = () =>
  data({ error: 'There is no town page at this address. It may have been deleted.' }, { status: 404 })

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

export async function loader(args: Route.LoaderArgs) {
  const { database, log } = args.context.get(appContext)
  if (!args.params.id) return { location: null }
  let row: Awaited<ReturnType<typeof findLocationById>>
  try {
    row = await findLocationById(database.db, args.params.id)
  } catch (error) {
    log.warn({ err: error, id: args.params.id }, 'admin town page failed to load')
    throw data(
      { error: 'The town page could not be loaded: the database did not answer. Try again in a minute.' },
      { status: 503 },
    )
  }
  if (!row) throw notFound()
  const values = Object.fromEntries(
    textFields.map((name) => {
      const value = row[name]
      return [name, typeof value === 'boolean' ? (value ? 'yes' : 'no') : (value ?? '')]
    }),
  ) as Values
  return {
    location: {
      id: row.id,
      town: row.town,
      slug: row.slug,
      isPublished: row.isPublished,
      updatedAt: row.updatedAt.toISOString(),
      values,
    },
  }
}

export async function action(args: Route.ActionArgs) {
  const admin = guardedUser(args.context)
  const { database, log } = args.context.get(appContext)
  const actor = { userId: admin.userId, email: admin.email }
  const submitted = formValues(await readForm(args.request))
  const id = args.params.id

  if (submitted.intent === 'delete') {
    if (!id) return reply<ActionResult>({ ok: false, message: 'A new town page has nothing to delete.' })
    let deleted: Awaited<ReturnType<typeof deleteLocation>>
    try {
      deleted = await deleteLocation(database.db, actor, id)
    } catch (error) {
      log.warn({ err: error, id }, 'admin town page delete failed')
      return reply<ActionResult>({ ok: false, message: databaseDown('deleted') }, { status: 503 })
    }
    if (!deleted) throw notFound()
    return redirect(`/admin/locations?deleted=${encodeURIComponent(deleted.town)}`)
  }
  if (submitted.intent !== 'save') {
    return reply<ActionResult>({ ok: false, message: 'Unknown request. Reload the page and try again.' })
  }

  const values = Object.fromEntries(textFields.map((name) => [name, submitted[name] ?? ''])) as Values
  const refuse = (status: number, message: string, fieldErrors?: FieldErrors) =>
    reply<ActionResult>({ ok: false, message, values, ...(fieldErrors ? { fieldErrors } : {}) }, { status })
  const checked = checkForm(locationFormSchema, values, { message: 'Check the highlighted fields. Nothing was saved.' })
  if (!checked.ok) return refuse(400, checked.result.message, checked.result.fieldErrors)

  try {
    if (!id) {
      const created = await createLocation(database.db, actor, checked.data)
      return redirect(`/admin/locations/${created.id}?created=1`)
    }
    const loadedUpdatedAt = new Date(submitted.updatedAt ?? '')
    if (Number.isNaN(loadedUpdatedAt.getTime())) return refuse(400, 'The form is incomplete. Reload the page.')
    const saved = await updateLocation(database.db, actor, id, loadedUpdatedAt, checked.data)
    return reply<ActionResult>({
      ok: true,
      message: saved.isPublished
        ? `Saved. The page is public at /${saved.slug}.`
        : 'Saved. The page is hidden from visitors.',
    })
  } catch (error) {
    if (!(error instanceof LocationAdminError)) {
      log.warn({ err: error, id: id ?? null }, 'admin town page save failed')
      return refuse(503, databaseDown('saved'))
    }
    switch (error.kind) {
      case 'slug-taken':
      case 'slug-reserved':
        return refuse(409, 'Choose another address.', { slug: [error.message] })
      case 'conflict':
        return refuse(409, error.message)
      case 'not-found':
        return refuse(404, error.message)
    }
  }
}

const emptyValues: Values = {
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

const formatTime = (iso: string) => businessDateTimeFormat.format(new Date(iso))

/** The address a new town page suggests: it-support-{town}-{state}. */
const suggestedSlug = (town: string, state: string) => (town.trim() ? slugFromTitle(`it support ${town} ${state}`) : '')

export default function AdminLocation({ loaderData }: Route.ComponentProps) {
  const { location } = loaderData
  const result = useActionData<typeof action>()
  useResultToast(result)
  useCreatedToast()
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-6 py-10">
      <p>
        <Link
          to="/admin/locations"
          className="inline-flex min-h-11 items-center gap-2 font-medium text-primary text-sm underline-offset-4 hover:underline"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          All town pages
        </Link>
      </p>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="font-bold text-3xl tracking-tight">{location ? `Edit ${location.town}` : 'New town page'}</h1>
          {location && (
            <p className="flex flex-wrap gap-x-3 text-muted-foreground text-sm">
              <span>
                Last saved <time dateTime={location.updatedAt}>{formatTime(location.updatedAt)}</time>
              </span>
              {location.isPublished ? (
                <a
                  href={`/${location.slug}`}
                  className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
                >
                  View the public page
                  <ExternalLinkIcon className="size-3.5" aria-hidden="true" />
                </a>
              ) : (
                <a
                  href={`/admin/locations/${location.id}/preview`}
                  className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
                >
                  Preview the hidden page
                  <EyeIcon className="size-3.5" aria-hidden="true" />
                </a>
              )}
            </p>
          )}
        </div>
        {location && <DeleteLocation town={location.town} />}
      </div>
      <LocationForm
        key={location?.updatedAt ?? 'new'}
        location={location}
        initial={{ ...(location?.values ?? emptyValues), ...(result && !result.ok ? result.values : undefined) }}
        result={result}
      />
    </div>
  )
}

function useCreatedToast() {
  const [params, setParams] = useSearchParams()
  const created = params.get('created') === '1'
  useEffect(() => {
    if (!created) return
    toast({ title: 'Town page created', description: 'You can keep editing it here.', variant: 'success' })
    setParams({}, { replace: true, preventScrollReset: true })
  }, [created, setParams])
}

type LoadedLocation = NonNullable<Route.ComponentProps['loaderData']['location']>

function LocationForm({
  location,
  initial,
  result,
}: {
  location: LoadedLocation | null
  initial: Values
  result: ActionResult | undefined
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const [town, setTown] = useState(initial.town)
  const [state, setState] = useState(initial.state)
  const [slug, setSlug] = useState(initial.slug)
  // A new page's address follows its town until someone types an address of their own.
  const [slugByHand, setSlugByHand] = useState(
    location !== null || initial.slug !== suggestedSlug(initial.town, initial.state),
  )
  const [published, setPublished] = useState(initial.isPublished === 'yes' ? 'yes' : 'no')
  const errors = result && !result.ok ? result.fieldErrors : undefined
  const formError = result && !result.ok ? result.message : undefined
  const place = `${town.trim() || '{town}'}, ${state}`
  const limit = locationFieldLimits

  return (
    <Form method="post" encType="multipart/form-data" noValidate className="grid gap-6">
      <input type="hidden" name="intent" value="save" />
      {location && <input type="hidden" name="updatedAt" value={location.updatedAt} />}
      {formError && <FormMessage tone="error">{formError}</FormMessage>}

      <div className="grid gap-6 sm:grid-cols-[2fr_1fr]">
        <Field label="Town" required error={errors?.town}>
          <Input
            name="town"
            maxLength={limit.town}
            value={town}
            onChange={(event) => {
              setTown(event.target.value)
              if (!slugByHand) setSlug(suggestedSlug(event.target.value, state))
            }}
          />
        </Field>
        <Field label="State" required error={errors?.state}>
          <NativeSelect
            name="state"
            value={state}
            onChange={(event) => {
              setState(event.target.value)
              if (!slugByHand) setSlug(suggestedSlug(town, event.target.value))
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
      <Field
        label="Address"
        required
        hint={
          <>
            The page’s address: /<strong>{slug || '…'}</strong>. Lowercase letters, digits and hyphens; not one of the
            site’s own pages (such as blog or book).
          </>
        }
        error={errors?.slug}
      >
        <Input
          name="slug"
          maxLength={limit.slug}
          value={slug}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(event) => {
            setSlug(event.target.value)
            setSlugByHand(event.target.value !== '')
          }}
        />
      </Field>
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

      <FieldSet legend="Visibility" error={errors?.isPublished}>
        <RadioGroup name="isPublished" value={published} onValueChange={setPublished}>
          <Choice
            label="Hidden"
            hint="Only staff see it, here and in its preview."
            className="rounded-md border p-3 has-data-[state=checked]:border-primary"
          >
            <RadioGroupItem value="no" className="mt-0.5" />
          </Choice>
          <Choice
            label="Published"
            hint="Public at its address and in the sitemap as soon as you save."
            className="rounded-md border p-3 has-data-[state=checked]:border-primary"
          >
            <RadioGroupItem value="yes" className="mt-0.5" />
          </Choice>
        </RadioGroup>
      </FieldSet>

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

      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={busy}>
          <SaveIcon aria-hidden="true" />
          {busy ? 'Saving…' : location ? 'Save' : 'Create town page'}
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/admin/locations">Cancel</Link>
        </Button>
      </div>
    </Form>
  )
}

/** Delete, with a confirm step in a dialog (focus moves into it; Escape or Cancel closes it). */
function DeleteLocation({ town }: { town: string }) {
  const navigation = useNavigation()
  const deleting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete'
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Trash2Icon aria-hidden="true" />
          Delete town page
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete the {town} page?</DialogTitle>
          <DialogDescription>
            The page, its address and the redirects to it are gone for good; this cannot be undone. To take it off the
            site for now, set it to Hidden instead.
          </DialogDescription>
        </DialogHeader>
        <Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="delete" />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={deleting}>
              {deleting ? 'Deleting…' : 'Delete town page'}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  )
}
