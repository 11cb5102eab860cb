import { type ReactNode, useEffect, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { Button } from './button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog'
import { Field } from './field'
import { Textarea } from './textarea'

/**
 * A step that ends something with a reason (void an invoice, decline an estimate or a contract,
 * withdraw a contract): a button opens a dialog with the consequence, a Reason field and the
 * confirming button, which posts `intent` and `reason` to the page's action. The dialog closes as
 * the form is sent, and opens again when the answer puts an error beside the reason.
 */
export function ReasonDialog({
  intent,
  trigger,
  triggerSize,
  title,
  description,
  reasonRequired,
  rows = 3,
  confirm,
  error,
}: {
  /** The form's `intent` (its entry in the page's intent table). */
  intent: string
  /** The opening button's icon and words ("Decline…"). */
  trigger: ReactNode
  triggerSize?: 'lg' | undefined
  title: ReactNode
  /** What happens, said before the person confirms. */
  description: string
  /** Whether a reason must be given (otherwise the field says "optional"). */
  reasonRequired: boolean
  rows?: number
  /** The confirming button's words ("Void invoice"). */
  confirm: string
  /** The reason's error from the page's answer. */
  error?: string[] | undefined
}) {
  const [open, setOpen] = useState(Boolean(error))
  useEffect(() => {
    if (error) setOpen(true)
  }, [error])
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {/* type=button: the dialog may open from inside another form (a contract's Sign form). */}
        <Button type="button" variant="outline" size={triggerSize} disabled={busy}>
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <Form method="post" className="grid gap-4" onSubmit={() => setOpen(false)}>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <input type="hidden" name="intent" value={intent} />
          <Field label="Reason" required={reasonRequired} optional={!reasonRequired} error={error}>
            <Textarea name="reason" rows={rows} maxLength={1000} />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={busy}>
              {confirm}
            </Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  )
}
