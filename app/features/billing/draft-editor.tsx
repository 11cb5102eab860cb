import { EyeIcon, PlusIcon, SaveIcon, Trash2Icon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { paymentInstructions } from '~/content/business'
import { salesTaxRates } from '~/content/sales-tax'
import { isCalendarDate } from '~/lib/calendar-date'
import type { FieldErrors } from '~/lib/forms/result'
import { Button } from '~/ui/button'
import { Checkbox } from '~/ui/checkbox'
import { Choice, Field, FieldSet, FormMessage } from '~/ui/field'
import { Input } from '~/ui/input'
import { RadioGroup, RadioGroupItem } from '~/ui/radio-group'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/ui/select'
import { Textarea } from '~/ui/textarea'
import { kindLabels } from './labels'
import { centsToDecimal, documentTotals, parseMoney, parseQuantity, parseTaxRate } from './money'
import { pricePicks } from './price-list'
import { type BillToSnapshot, type IssuerSnapshot, printedBillingDocument } from './printed'
import { PrintedDocumentView } from './printed-document'

/**
 * The staff editor of a draft estimate or invoice: client, lines (with quick picks from the price
 * list), tax, notes, the due or valid-until date, and a live preview built by the same function as
 * the PDF (printedBillingDocument), updated as the staff member types. "Open PDF" posts the form as
 * it is to /admin/billing/preview and opens the real PDF in a new tab; nothing is saved by it.
 */

/** A client organisation the editor can pick (its id), and the person the document is addressed to. */
export type ClientChoice = { id: string; label: string; billTo: BillToSnapshot }

export type EditorLine = { key: number; description: string; quantity: string; unitPrice: string; taxable: boolean }

export type EditorValues = {
  kind: 'estimate' | 'invoice'
  organisationId: string
  lines: EditorLine[]
  taxRate: string
  taxLabel: string
  notes: string
  dueOn: string
  expiresOn: string
}

/** The editor's values from a form's flat values (what a refused save sends back). */
export function editorValuesFrom(values: Record<string, string>, fallback: EditorValues): EditorValues {
  const lines: EditorLine[] = []
  for (const [name, value] of Object.entries(values)) {
    const match = /^lines\.(\d{1,3})\.(description|quantity|unitPrice|taxable)$/.exec(name)
    if (!match) continue
    const index = Number(match[1])
    lines[index] ??= { key: index, description: '', quantity: '', unitPrice: '', taxable: false }
    const line = lines[index] as EditorLine
    if (match[2] === 'taxable') line.taxable = value === 'on' || value === 'true'
    else line[match[2] as 'description' | 'quantity' | 'unitPrice'] = value
  }
  return {
    kind: values.kind === 'estimate' ? 'estimate' : values.kind === 'invoice' ? 'invoice' : fallback.kind,
    organisationId: values.organisationId ?? fallback.organisationId,
    lines: lines.filter(Boolean).length > 0 ? lines.filter(Boolean) : fallback.lines,
    taxRate: values.taxRate ?? fallback.taxRate,
    taxLabel: values.taxLabel ?? fallback.taxLabel,
    notes: values.notes ?? fallback.notes,
    dueOn: values.dueOn ?? fallback.dueOn,
    expiresOn: values.expiresOn ?? fallback.expiresOn,
  }
}

let nextKey = 1000
const blankLine = (): EditorLine => ({ key: nextKey++, description: '', quantity: '1', unitPrice: '', taxable: false })

export function DraftEditor({
  mode,
  initial,
  clients,
  issuer,
  today,
  updatedAt,
  errors,
  message,
}: {
  mode: 'new' | 'edit'
  initial: EditorValues
  clients: ClientChoice[]
  issuer: IssuerSnapshot
  today: string
  /** The draft's version, for the optimistic check on save. */
  updatedAt?: string | undefined
  errors?: FieldErrors | undefined
  message?: string | undefined
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const [kind, setKind] = useState(initial.kind)
  const [clientId, setClientId] = useState(initial.organisationId)
  const [lines, setLines] = useState<EditorLine[]>(initial.lines.length > 0 ? initial.lines : [blankLine()])
  const [taxRate, setTaxRate] = useState(initial.taxRate)
  const [taxLabel, setTaxLabel] = useState(initial.taxLabel)
  const [notes, setNotes] = useState(initial.notes)
  const [dueOn, setDueOn] = useState(initial.dueOn)
  const [expiresOn, setExpiresOn] = useState(initial.expiresOn)

  const setLine = (key: number, change: Partial<EditorLine>) =>
    setLines((all) => all.map((line) => (line.key === key ? { ...line, ...change } : line)))
  const addLine = (line: Partial<EditorLine> = {}) =>
    setLines((all) => [...all.filter(isFilled), { ...blankLine(), ...line }])

  const preview = useMemo(() => {
    const parsed = lines.filter(isFilled).map((line) => ({
      description: line.description || '(no description)',
      quantityMilli: parseQuantity(line.quantity) ?? 0,
      unitPriceCents: parseMoney(line.unitPrice) ?? 0,
      taxable: line.taxable,
    }))
    const rate = parseTaxRate(taxRate || '0') ?? 0
    const totals = documentTotals(parsed, rate)
    const client = clients.find((c) => c.id === clientId)
    return printedBillingDocument({
      document: {
        kind,
        status: 'draft',
        number: null,
        issuedOn: null,
        // A date still being typed (or sent without JavaScript as anything at all) is not printed.
        dueOn: kind === 'invoice' && isCalendarDate(dueOn) ? dueOn : null,
        expiresOn: kind === 'estimate' && isCalendarDate(expiresOn) ? expiresOn : null,
        taxRateMilliPercent: rate,
        taxLabel: taxLabel || null,
        notes: notes || null,
        subtotalCents: totals.subtotalCents,
        taxCents: totals.taxCents,
        totalCents: totals.totalCents,
        amountPaidCents: 0,
        paymentInstructions: kind === 'invoice' ? paymentInstructions : null,
        declineReason: null,
        voidReason: null,
        sentAt: null,
        updatedAt: new Date(0),
      },
      lines: parsed.map((line, i) => ({ ...line, amountCents: totals.lineAmounts[i] ?? 0 })),
      issuer,
      billTo: client?.billTo ?? { name: 'Choose a client', companyName: null, email: '', phone: null },
      today,
    })
  }, [kind, clientId, lines, taxRate, taxLabel, notes, dueOn, expiresOn, clients, issuer, today])

  const presetKey = salesTaxRates.find(
    (r) => String(r.rateMilliPercent / 1000) === taxRate && r.label === taxLabel,
  )?.key

  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <Form method="post" noValidate className="grid content-start gap-6">
        <input type="hidden" name="intent" value="save" />
        {updatedAt && <input type="hidden" name="updatedAt" value={updatedAt} />}
        {message && <FormMessage tone="error">{message}</FormMessage>}
        {mode === 'new' ? (
          <FieldSet legend="Document" required error={errors?.kind}>
            <RadioGroup
              name="kind"
              value={kind}
              onValueChange={(v) => setKind(v === 'estimate' ? 'estimate' : 'invoice')}
            >
              {(['estimate', 'invoice'] as const).map((k) => (
                <Choice
                  key={k}
                  label={kindLabels[k]}
                  hint={k === 'estimate' ? 'A quote the client accepts or declines.' : 'What the client owes.'}
                  className="rounded-md border p-3 has-data-[state=checked]:border-primary"
                >
                  <RadioGroupItem value={k} className="mt-0.5" />
                </Choice>
              ))}
            </RadioGroup>
          </FieldSet>
        ) : (
          <input type="hidden" name="kind" value={kind} />
        )}
        <Field
          label="Client"
          required
          error={errors?.organisationId ?? errors?.clientId}
          hint="Client organisations with an approved owner or billing person. Type to jump to a name. It is e-mailed to their billing people and billing e-mail, otherwise their owners."
        >
          <Select name="organisationId" value={clientId} onValueChange={setClientId}>
            <SelectTrigger>
              <SelectValue placeholder="Choose a client organisation" />
            </SelectTrigger>
            <SelectContent>
              {clients.map((client) => (
                <SelectItem key={client.id} value={client.id}>
                  {client.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>

        <section aria-labelledby="lines-heading" className="grid gap-4">
          <h2 id="lines-heading" className="font-semibold text-lg">
            Lines
          </h2>
          {errors?.lines && <FormMessage tone="error">{errors.lines[0]}</FormMessage>}
          {lines.map((line, index) => (
            <FieldSet
              key={line.key}
              legend={`Line ${index + 1}`}
              className="rounded-lg border p-4 sm:grid-cols-[7rem_9rem_minmax(0,1fr)]"
            >
              <Field
                label="Description"
                required
                error={errors?.[`lines.${index}.description`]}
                className="sm:col-span-3"
              >
                <Input
                  name={`lines.${index}.description`}
                  value={line.description}
                  maxLength={300}
                  onChange={(e) => setLine(line.key, { description: e.target.value })}
                />
              </Field>
              <Field label="Quantity" required error={errors?.[`lines.${index}.quantity`]}>
                <Input
                  name={`lines.${index}.quantity`}
                  inputMode="decimal"
                  value={line.quantity}
                  onChange={(e) => setLine(line.key, { quantity: e.target.value })}
                />
              </Field>
              <Field label="Unit price ($)" required error={errors?.[`lines.${index}.unitPrice`]}>
                <Input
                  name={`lines.${index}.unitPrice`}
                  inputMode="decimal"
                  value={line.unitPrice}
                  onChange={(e) => setLine(line.key, { unitPrice: e.target.value })}
                />
              </Field>
              <div className="flex items-end justify-between gap-2 sm:flex-col sm:items-start">
                <Choice label="Taxable">
                  <Checkbox
                    name={`lines.${index}.taxable`}
                    checked={line.taxable}
                    onCheckedChange={(checked) => setLine(line.key, { taxable: checked === true })}
                  />
                </Choice>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    setLines((all) => (all.length > 1 ? all.filter((l) => l.key !== line.key) : [blankLine()]))
                  }
                  aria-label={`Remove line ${index + 1}`}
                >
                  <Trash2Icon aria-hidden="true" />
                  Remove
                </Button>
              </div>
            </FieldSet>
          ))}
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={() => addLine()}>
              <PlusIcon aria-hidden="true" />
              Add a line
            </Button>
          </div>
          <div className="grid gap-2">
            <p className="font-medium text-sm">Quick picks from the price list</p>
            <ul className="flex flex-wrap gap-2">
              {pricePicks.map((pick) => (
                <li key={pick.key}>
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    onClick={() =>
                      addLine({
                        description: pick.description,
                        quantity: '1',
                        unitPrice: centsToDecimal(pick.unitPriceCents),
                      })
                    }
                  >
                    <PlusIcon aria-hidden="true" />
                    {pick.label}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="tax-heading" className="grid gap-4">
          <h2 id="tax-heading" className="font-semibold text-lg">
            Sales tax
          </h2>
          <Field label="Rate for" hint="Fills in the rate and its label; check the rate before sending.">
            <Select
              value={presetKey}
              onValueChange={(key) => {
                const rate = salesTaxRates.find((r) => r.key === key)
                if (!rate) return
                setTaxRate(String(rate.rateMilliPercent / 1000))
                setTaxLabel(rate.rateMilliPercent === 0 ? '' : rate.label)
              }}
            >
              <SelectTrigger>
                <SelectValue placeholder="Choose a county" />
              </SelectTrigger>
              <SelectContent>
                {salesTaxRates.map((rate) => (
                  <SelectItem key={rate.key} value={rate.key}>
                    {rate.label} ({rate.rateMilliPercent / 1000}%)
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
            <Field label="Rate (%)" error={errors?.taxRate} hint="On taxable lines only.">
              <Input name="taxRate" inputMode="decimal" value={taxRate} onChange={(e) => setTaxRate(e.target.value)} />
            </Field>
            <Field label="Tax label" optional error={errors?.taxLabel}>
              <Input name="taxLabel" maxLength={80} value={taxLabel} onChange={(e) => setTaxLabel(e.target.value)} />
            </Field>
          </div>
        </section>

        {kind === 'invoice' ? (
          <Field label="Due date" required error={errors?.dueOn} hint="Overdue from the next day, New York time.">
            <Input name="dueOn" type="date" value={dueOn} min={today} onChange={(e) => setDueOn(e.target.value)} />
          </Field>
        ) : (
          <Field
            label="Valid until"
            required
            error={errors?.expiresOn}
            hint="It can be accepted until the end of this day."
          >
            <Input
              name="expiresOn"
              type="date"
              value={expiresOn}
              min={today}
              onChange={(e) => setExpiresOn(e.target.value)}
            />
          </Field>
        )}
        <Field label="Notes" optional error={errors?.notes} hint="Printed on the document.">
          <Textarea name="notes" rows={3} maxLength={2000} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" size="lg" disabled={busy}>
            <SaveIcon aria-hidden="true" />
            {busy ? 'Saving…' : mode === 'new' ? 'Create draft' : 'Save draft'}
          </Button>
          <Button type="submit" size="lg" variant="outline" formAction="/admin/billing/preview" formTarget="_blank">
            <EyeIcon aria-hidden="true" />
            Open PDF
          </Button>
        </div>
      </Form>
      <section aria-labelledby="preview-heading" className="grid content-start gap-3 xl:sticky xl:top-4">
        <h2 id="preview-heading" className="font-semibold text-lg">
          Preview
        </h2>
        <PrintedDocumentView doc={preview} headingLevel={3} />
      </section>
    </div>
  )
}

/** A line with a description or a price; one with neither is not sent (draftFromValues drops it too). */
function isFilled(line: EditorLine): boolean {
  return line.description.trim() !== '' || line.unitPrice.trim() !== ''
}
