import { passwordStrength } from '~/features/accounts/password-policy'

const barColours = ['bg-destructive', 'bg-destructive', 'bg-amber-500', 'bg-success', 'bg-success'] as const
const barBase = 'h-1.5 flex-1 rounded-full bg-muted'

/** The four bars of the strength meter. */
export const meterSteps = [1, 2, 3, 4] as const

/**
 * What the strength meter shows for a password: the classes of its four bars and its label. One
 * function for both renderings: the React field (app pages) and the plain DOM code of the sign-in
 * page, which is served without React (features/accounts/enhance/password-meter.ts).
 */
export function passwordMeter(value: string): { bars: string[]; label: string } {
  const strength = passwordStrength(value)
  const bars = meterSteps.map((step) => {
    if (value.length === 0) return barBase
    if (strength.score === 0) return step === 1 ? `${barBase} bg-destructive` : barBase
    return strength.score >= step ? `${barBase} ${barColours[strength.score]}` : barBase
  })
  return { bars, label: `Password strength: ${strength.label}` }
}
