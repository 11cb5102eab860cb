import { useId, useState } from 'react'
import { passwordRules, passwordStrength } from '~/features/accounts/password-policy'
import { cn } from '~/lib/cn'
import { FormField, type FormFieldProps } from '../../ui/field'

const barColours = ['bg-destructive', 'bg-destructive', 'bg-amber-500', 'bg-success', 'bg-success'] as const

/**
 * A new-password input with strength feedback as the person types: length counts most, common
 * passwords score nothing. The server applies the same rules (app/features/accounts/password-policy.ts).
 */
export function NewPasswordField(props: Omit<FormFieldProps, 'type'>) {
  const [value, setValue] = useState('')
  const meterId = useId()
  const strength = passwordStrength(value)
  return (
    <FormField
      {...props}
      type="password"
      autoComplete="new-password"
      minLength={passwordRules.minLength}
      maxLength={passwordRules.maxLength}
      aria-describedby={meterId}
      hint={
        props.hint ?? `At least ${passwordRules.minLength} characters. A few unrelated words make a strong password.`
      }
      onChange={(event) => {
        setValue(event.currentTarget.value)
        props.onChange?.(event)
      }}
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
    />
  )
}
