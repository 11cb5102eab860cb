import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Checkbox } from './checkbox'
import { Choice, Field, FieldSet } from './field'
import { Input } from './input'
import { Select, SelectTrigger, SelectValue } from './select'
import { Textarea } from './textarea'

/** The page as a document, to ask it questions. */
const render = (node: React.ReactNode) => {
  const html = renderToStaticMarkup(node)
  const attribute = (selector: string, name: string) => {
    const match = new RegExp(`<${selector}[^>]*?\\s${name}="([^"]*)"`).exec(html)
    return match?.[1]
  }
  return { html, attribute }
}

describe('a field', () => {
  it('labels its control and wires the hint and the error to it', () => {
    const { html, attribute } = render(
      <Field
        id="email"
        label="E-mail"
        hint="We never share it."
        error={['Enter an e-mail address.', 'Second']}
        required
      >
        <Input name="email" />
      </Field>,
    )
    expect(attribute('label', 'for')).toBe('email')
    expect(attribute('input', 'id')).toBe('email')
    expect(attribute('input', 'aria-invalid')).toBe('true')
    expect(attribute('input', 'aria-describedby')).toBe('email-hint email-error')
    expect(html).toContain('<p id="email-hint" class="text-muted-foreground text-sm">We never share it.</p>')
    expect(html).toContain('>Enter an e-mail address.</p>')
    expect(html).not.toContain('Second')
    // Required: native for the browser and screen readers, an asterisk only for the eye.
    expect(html).toMatch(/<input[^>]*required=""/)
    expect(html).toContain('</label><span class="ms-1 text-destructive" aria-hidden="true">*</span>')
  })

  it('says nothing of errors when there is none, and adds the control’s own descriptions', () => {
    const { html, attribute } = render(
      <Field id="note" label="Note" optional>
        <Textarea name="note" aria-describedby="counter" />
      </Field>,
    )
    expect(attribute('textarea', 'aria-describedby')).toBe('counter')
    expect(attribute('textarea', 'aria-invalid')).toBeUndefined()
    expect(html).toContain('Note<span class="font-normal text-muted-foreground"> (optional)</span>')
  })

  it('wires a select’s trigger like an input', () => {
    const { attribute } = render(
      <Field id="plan" label="Plan" error="Choose a plan." required>
        <Select>
          <SelectTrigger>
            <SelectValue placeholder="None" />
          </SelectTrigger>
        </Select>
      </Field>,
    )
    expect(attribute('button', 'id')).toBe('plan')
    expect(attribute('button', 'aria-describedby')).toBe('plan-error')
    expect(attribute('button', 'aria-invalid')).toBe('true')
    expect(attribute('button', 'aria-required')).toBe('true')
  })

  it('leaves a control outside any field alone', () => {
    const { html } = render(<Input name="q" />)
    expect(html).not.toMatch(/\s(aria-[a-z]+|id)="/)
  })
})

describe('a field set', () => {
  it('names its group with the legend and describes it with its error', () => {
    const { html, attribute } = render(
      <FieldSet id="status" legend="Status" error="Choose one.">
        <input type="radio" name="status" value="draft" />
      </FieldSet>,
    )
    expect(html).toContain('<legend class="mb-1 font-medium text-sm">Status</legend>')
    expect(attribute('fieldset', 'aria-describedby')).toBe('status-error')
    expect(attribute('fieldset', 'aria-invalid')).toBe('true')
  })
})

describe('a choice', () => {
  it('labels its checkbox or radio with the whole row', () => {
    const { attribute } = render(
      <Choice label="Cybersecurity" hint="Firewalls and training">
        <Checkbox value="Cybersecurity" />
      </Choice>,
    )
    const id = attribute('button', 'id')
    expect(id).toBeTruthy()
    expect(attribute('label', 'for')).toBe(id)
    expect(attribute('button', 'role')).toBe('checkbox')
  })
})
