import { useId, useState } from 'react'
import { passwordMeter } from '~/features/accounts/password-meter'
import { passwordRules } from '~/features/accounts/password-policy'
import { Field, type FieldProps } from '~/ui/field'
import { Input } from '~/ui/input'

/**
 * A new-password input with strength feedback as the person types: length counts most, common
 * passwords score nothing. The server applies the same rules (app/features/accounts/password-policy.ts).
 * The input names its meter (`data-strength-meter`), so that the sign-in page, served without React,
 * runs the same meter from plain DOM code (features/accounts/enhance/password-meter.ts).
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
  const meter = passwordMeter(value)
  return (
    <Field
      {...{ label, id, error, required }}
      describedBy={meterId}
      hint={hint ?? `At least ${passwordRules.minLength} characters. A few unrelated words make a strong password.`}
      after={
        <div className="grid gap-1">
          <div id={`${meterId}-bars`} className="flex gap-1" aria-hidden="true">
            {meter.bars.map((className, step) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: four fixed bars, never reordered.
              <span key={step} className={className} />
            ))}
          </div>
          <p id={meterId} className="text-muted-foreground text-xs" aria-live="polite">
            {meter.label}
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
        data-strength-meter={meterId}
        onChange={(event) => {
          setValue(event.currentTarget.value)
          input.onChange?.(event)
        }}
      />
    </Field>
  )
}
