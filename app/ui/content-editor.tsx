import { PencilIcon, SaveIcon, Trash2Icon } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Form, Link, useNavigation, useSearchParams } from 'react-router'
import { businessDateTimeFormat } from '~/lib/business-time'
import type { ActionResult, FieldErrors } from '~/lib/forms/result'
import { toast } from '~/lib/toast'
import { Button } from '~/ui/button'
import type { DataTableColumn } from '~/ui/data-table'
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
import { BackLink, PageHeader } from '~/ui/page-header'
import { RadioGroup, RadioGroupItem } from '~/ui/radio-group'

/**
 * The frame of the admins' content editors (blog posts, town pages): one page for a new record and
 * an existing one, its header (last saved, the public page, Delete), the address field that follows
 * the title, the publish state, the save and conflict messages and the list's arrival toasts. The
 * server half is app/lib/forms/editor-action.server.ts. Each editor keeps only its own fields.
 */

export const formatTime = (iso: string) => businessDateTimeFormat.format(new Date(iso))

/** The editor's top: the way back to the list, the heading, when it was saved, its public page, Delete. */
export function EditorHeader({
  back,
  title,
  updatedAt,
  links,
  remove,
}: {
  back: { to: string; label: string }
  title: string
  /** Set for a saved record. */
  updatedAt?: string | undefined
  /** The public page or its preview, beside "Last saved". */
  links?: ReactNode
  remove?: ReactNode
}) {
  return (
    <>
      <BackLink to={back.to}>{back.label}</BackLink>
      <PageHeader align="start" title={title} actions={remove}>
        {updatedAt && (
          <p className="flex flex-wrap gap-x-3 text-muted-foreground text-sm">
            <span>
              Last saved <time dateTime={updatedAt}>{formatTime(updatedAt)}</time>
            </span>
            {links}
          </p>
        )}
      </PageHeader>
    </>
  )
}

/** A link from the editor to the page as visitors see it (or its preview). */
export function PageLink({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  return (
    <a
      href={href}
      className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
    >
      {children}
      {icon}
    </a>
  )
}

/**
 * A toast for the change that brought the admin here, said by a parameter of the address
 * (`?created=1` from the editor's first save, `?deleted=<name>` from a delete), which is then
 * removed so a reload does not say it again.
 */
export function useArrivalToast(param: string, say: (value: string) => { title: string; description: string }) {
  const [params, setParams] = useSearchParams()
  const value = params.get(param)
  const shown = useRef(false)
  const sayRef = useRef(say)
  useEffect(() => {
    if (value === null || shown.current) return
    shown.current = true
    toast({ ...sayRef.current(value), variant: 'success' })
    const next = new URLSearchParams(params)
    next.delete(param)
    setParams(next, { replace: true, preventScrollReset: true })
  }, [param, value, params, setParams])
}

/** Delete, with a confirm step in a dialog (focus moves into it; Escape or Cancel closes it). */
export function ConfirmDelete({
  trigger,
  title,
  description,
  confirm,
}: {
  trigger: string
  title: string
  description: string
  confirm: string
}) {
  const navigation = useNavigation()
  const deleting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete'
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Trash2Icon aria-hidden="true" />
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="delete" />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={deleting}>
              {deleting ? 'Deleting…' : confirm}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  )
}

/**
 * The editor's form: multipart (a long text is not percent-encoded, so it fits the request limit),
 * the `updatedAt` it was loaded with (a save over a newer one is refused), the refusal's message
 * above the fields, Save and Cancel below them.
 */
export function EditorForm({
  updatedAt,
  result,
  conflict,
  submitLabel,
  cancelTo,
  children,
}: {
  updatedAt: string | undefined
  result: (ActionResult & { conflictAt?: string }) | undefined
  /** What to say after a refused save over a newer one (`conflictAt` is when that one was saved). */
  conflict?: (conflictAt: string) => ReactNode
  /** "Save", or for a new record "Create post". */
  submitLabel: string
  cancelTo: string
  children: ReactNode
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const refused = result && !result.ok ? result : undefined
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="grid gap-6">
      <input type="hidden" name="intent" value="save" />
      {updatedAt && <input type="hidden" name="updatedAt" value={updatedAt} />}
      {refused && (
        <FormMessage tone="error">
          {refused.message}
          {!refused.fieldErrors && refused.conflictAt && conflict && <> {conflict(refused.conflictAt)}</>}
        </FormMessage>
      )}
      {children}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={busy}>
          <SaveIcon aria-hidden="true" />
          {busy ? 'Saving…' : submitLabel}
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to={cancelTo}>Cancel</Link>
        </Button>
      </div>
    </Form>
  )
}

/** The refused fields of a result, for the fields' messages. */
export const fieldErrorsOf = (result: ActionResult | undefined): FieldErrors | undefined =>
  result && !result.ok ? result.fieldErrors : undefined

/**
 * The address of a record (a slug) that follows its title, or its town, while it is new and until
 * someone types an address of their own; emptied, it follows again.
 */
export function useSuggestedSlug(initial: string, suggested: string, existing: boolean) {
  const [slug, setSlug] = useState(initial)
  const [byHand, setByHand] = useState(existing || initial !== suggested)
  return {
    slug,
    /** The title (or town) changed: the address follows unless typed by hand. */
    follow: (next: string) => {
      if (!byHand) setSlug(next)
    },
    /** Typed into the address field. */
    type: (value: string) => {
      setSlug(value)
      setByHand(value !== '')
    },
  }
}

/** The address field: the page's address shown as it is typed, the slug's rules in `hint`. */
export function SlugField({
  slug,
  onType,
  maxLength,
  error,
  hint,
}: {
  slug: string
  onType: (value: string) => void
  maxLength: number
  error: readonly string[] | undefined
  hint: ReactNode
}) {
  return (
    <Field label="Address" required hint={hint} error={error}>
      <Input
        name="slug"
        maxLength={maxLength}
        value={slug}
        autoCapitalize="none"
        spellCheck={false}
        onChange={(event) => onType(event.target.value)}
      />
    </Field>
  )
}

/** Published or not, as cards to choose from (the status of a post, the visibility of a town page). */
export function PublishState({
  legend,
  name,
  value,
  onValueChange,
  options,
  error,
  children,
}: {
  legend: string
  name: string
  value: string
  onValueChange: (value: string) => void
  options: ReadonlyArray<{ value: string; label: string; hint: string }>
  error: readonly string[] | undefined
  /** What the chosen state asks for besides (a post's publishing time). */
  children?: ReactNode
}) {
  return (
    <FieldSet legend={legend} error={error}>
      <RadioGroup name={name} value={value} onValueChange={onValueChange}>
        {options.map((option) => (
          <Choice
            key={option.value}
            label={option.label}
            hint={option.hint}
            className="rounded-md border p-3 has-data-[state=checked]:border-primary"
          >
            <RadioGroupItem value={option.value} className="mt-0.5" />
          </Choice>
        ))}
      </RadioGroup>
      {children}
    </FieldSet>
  )
}

/**
 * The columns of an editor's list (posts, town pages): the record's name with its address under
 * it, its status in words, its last change (New York time) and the row's buttons.
 */
export function contentListColumns<T>({
  header,
  name,
  address,
  status,
  updatedAt,
  actions,
}: {
  header: string
  name: (row: T) => string
  address: (row: T) => string
  status: (row: T) => ReactNode
  updatedAt: (row: T) => string
  actions: (row: T) => ReactNode
}): DataTableColumn<T>[] {
  return [
    {
      key: 'name',
      header,
      rowHeader: true,
      cell: (row) => (
        <>
          {name(row)}
          <span className="block font-normal text-muted-foreground text-xs">{address(row)}</span>
        </>
      ),
    },
    { key: 'status', header: 'Status', cell: status },
    {
      key: 'updated',
      header: 'Last change',
      className: 'text-muted-foreground',
      cell: (row) => <time dateTime={updatedAt(row)}>{formatTime(updatedAt(row))}</time>,
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (row) => <div className="flex flex-wrap justify-end gap-2">{actions(row)}</div>,
    },
  ]
}

/** A row's Edit button. */
export function EditButton({ to, name }: { to: string; name: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={to} aria-label={`Edit ${name}`}>
        <PencilIcon aria-hidden="true" />
        Edit
      </Link>
    </Button>
  )
}
