import { useId, useState } from 'react'
import { passwordRules, passwordStrength } from '~/features/accounts/password-policy'
import { cn } from '~/lib/cn'
import { Field, type FieldProps } from '~/ui/field'
import { Input } from '~/ui/input'

const barColours = ['bg-destructive', 'bg-destructive', 'bg-amber-500', 'bg-success', 'bg-success'] as const

/**
 * A new-password input with strength feedback as the person types: length counts most, common
 * passwords score nothing. The server applies the same rules (app/features/accounts/password-policy.ts).
 */
export function NewPasswordField({
  label,
  id,
  hint,
  error,
  required,
  ...input
}: Pick<FieldProps, 'label' | 'id' | 'hint' | 'error' | 'required'> &
  Omit<React.ComponentProps<typeof Input>, 'id' | 'type' | 'required'> & { name: string }) {
  const [value, setValue] = useState('')
  const meterId = useId()
  const strength = passwordStrength(value)
  return (
    <Field
      {...{ label, id, error, required }}
      describedBy={meterId}
      hint={hint ?? `At least ${passwordRules.minLength} characters. A few unrelated words make a strong password.`}
      after={
        <div className="grid gap-1">
          <div className="flex gap-1" aria-hidden="true">
            {[1, 2, 3, 4].map((step) => (
              <span
                key={step}
                className={cn(
                  'h-1.5 flex-1 rounded-full bg-muted',
                  value.length > 0 && strength.score >= step && barColours[strength.score],
                  value.length > 0 && strength.score === 0 && step === 1 && 'bg-destructive',
                )}
              />
            ))}
          </div>
          <p id={meterId} className="text-muted-foreground text-xs" aria-live="polite">
            Password strength: {strength.label}
          </p>
        </div>
      }
    >
      <Input
        {...input}
        type="password"
        autoComplete="new-password"
        minLength={passwordRules.minLength}
        maxLength={passwordRules.maxLength}
        onChange={(event) => {
          setValue(event.currentTarget.value)
          input.onChange?.(event)
        }}
      />
    </Field>
  )
}
