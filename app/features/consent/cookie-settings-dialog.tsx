import { ShieldCheckIcon } from 'lucide-react'
import { useState } from 'react'
import { cookieConsentCopy as copy } from '~/content/cookie-consent'
import type { ConsentChoices } from '~/features/consent/policy'
import { Button } from '~/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '~/ui/dialog'
import { Label } from '~/ui/label'
import { Switch } from '~/ui/switch'

export type CookieSettingsDialogProps = {
  open: boolean
  /** The choices shown when the dialog opens (saved ones, or the defaults). */
  initial: ConsentChoices
  gpc: boolean
  onSave: (choices: ConsentChoices) => void
  onCancel: () => void
  /** Where focus goes when the dialog closes (Radix only knows a DialogTrigger, and we have several openers). */
  onCloseAutoFocus: (event: Event) => void
}

/**
 * Switches for necessary (always on), analytics and marketing; Cancel and Save Preferences.
 * The switches start from `initial`: give the dialog a new `key` on each opening.
 */
export function CookieSettingsDialog({
  open,
  initial,
  gpc,
  onSave,
  onCancel,
  onCloseAutoFocus,
}: CookieSettingsDialogProps) {
  const [choices, setChoices] = useState(initial)
  const set = (key: 'analytics' | 'marketing') => (checked: boolean) =>
    setChoices((current) => ({ ...current, [key]: checked }))
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{copy.dialog.title}</DialogTitle>
          <DialogDescription>{copy.dialog.description}</DialogDescription>
        </DialogHeader>
        {gpc && (
          <p id="cookie-gpc-note" className="flex gap-3 rounded-lg bg-secondary p-3 text-secondary-foreground text-sm">
            <ShieldCheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {copy.dialog.gpc}
          </p>
        )}
        <ul className="grid gap-3">
          {copy.categories.map((category) => {
            const id = `cookie-${category.key}`
            const descriptionId = `${id}-description`
            const necessary = category.key === 'necessary'
            return (
              <li key={category.key} className="flex items-start justify-between gap-4 rounded-lg border p-4">
                <div className="grid gap-1.5">
                  <Label htmlFor={id}>{category.label}</Label>
                  <p id={descriptionId} className="text-muted-foreground text-sm">
                    {category.description}
                  </p>
                </div>
                <Switch
                  id={id}
                  checked={necessary ? true : choices[category.key]}
                  disabled={necessary}
                  onCheckedChange={necessary ? undefined : set(category.key)}
                  aria-describedby={
                    category.key === 'marketing' && gpc ? `${descriptionId} cookie-gpc-note` : descriptionId
                  }
                />
              </li>
            )
          })}
        </ul>
        <DialogFooter>
          <Button variant="outline" size="lg" onClick={onCancel}>
            {copy.actions.cancel}
          </Button>
          <Button size="lg" onClick={() => onSave(choices)}>
            {copy.actions.save}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
