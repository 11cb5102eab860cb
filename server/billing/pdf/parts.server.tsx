import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer'
import type { ReactNode } from 'react'
import type { PrintedDocument, PrintedLine } from '../../../app/features/billing/printed.ts'

/**
 * The parts every business document is made of (estimates, invoices, receipts, and contracts
 * next): the issuer's header, the two parties, a table of facts (number, dates, status), the
 * lines, the totals, notes and a footer on every page. Letter size, the standard Helvetica
 * (no font files to ship), the brand blue for headings only, so a black-and-white print reads the same.
 */

const brand = '#1a64d6'
const muted = '#555555'
const rule = '#d0d5dd'

/** The look every business document shares (contracts lay out their own pages with it). */
export const pdfTheme = { brand, muted, rule } as const

const styles = StyleSheet.create({
  page: {
    paddingTop: 48,
    paddingBottom: 64,
    paddingHorizontal: 48,
    fontSize: 10,
    fontFamily: 'Helvetica',
    color: '#111111',
  },
  banner: {
    marginBottom: 12,
    padding: 6,
    borderWidth: 1,
    borderColor: '#b42318',
    color: '#b42318',
    fontFamily: 'Helvetica-Bold',
    textAlign: 'center',
  },
  header: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 24 },
  issuerName: { fontSize: 16, fontFamily: 'Helvetica-Bold', color: brand, marginBottom: 4 },
  small: { fontSize: 9, color: muted, lineHeight: 1.4 },
  titleBlock: { alignItems: 'flex-end' },
  title: { fontSize: 20, fontFamily: 'Helvetica-Bold', textTransform: 'uppercase', letterSpacing: 1 },
  number: { fontSize: 11, fontFamily: 'Helvetica-Bold', marginTop: 4 },
  status: { fontSize: 10, marginTop: 2, color: muted },
  partiesRow: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 20 },
  heading: { fontSize: 8, fontFamily: 'Helvetica-Bold', color: brand, textTransform: 'uppercase', marginBottom: 4 },
  factRow: { flexDirection: 'row', justifyContent: 'flex-end', marginBottom: 2 },
  factLabel: { width: 110, color: muted, textAlign: 'right', marginRight: 8 },
  factValue: { width: 110, textAlign: 'right' },
  tableHeader: {
    flexDirection: 'row',
    borderBottomWidth: 1,
    borderBottomColor: '#111111',
    paddingBottom: 4,
    marginBottom: 2,
    fontFamily: 'Helvetica-Bold',
    fontSize: 9,
  },
  row: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: rule, paddingVertical: 4 },
  description: { flex: 1, paddingRight: 8 },
  quantity: { width: 60, textAlign: 'right' },
  price: { width: 80, textAlign: 'right' },
  amount: { width: 90, textAlign: 'right' },
  totals: { marginTop: 10, alignSelf: 'flex-end', width: 260 },
  totalRow: { flexDirection: 'row', justifyContent: 'space-between', paddingVertical: 2 },
  strong: { fontFamily: 'Helvetica-Bold', fontSize: 11, borderTopWidth: 1, borderTopColor: '#111111', paddingTop: 4 },
  section: { marginTop: 18 },
  sectionText: { lineHeight: 1.4 },
  footer: {
    position: 'absolute',
    bottom: 28,
    left: 48,
    right: 48,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 8,
    color: muted,
    borderTopWidth: 0.5,
    borderTopColor: rule,
    paddingTop: 6,
  },
})

/** A Letter page's margins and type, for documents that lay out their own pages. */
export const pageStyle = styles.page

export function IssuerHeader({ doc }: { doc: PrintedDocument }) {
  return (
    <View style={styles.header}>
      <View>
        <Text style={styles.issuerName}>{doc.issuer.name}</Text>
        {doc.issuer.addressLines.map((line) => (
          <Text key={line} style={styles.small}>
            {line}
          </Text>
        ))}
        <Text style={styles.small}>
          {doc.issuer.phone} · {doc.issuer.email}
        </Text>
      </View>
      <View style={styles.titleBlock}>
        <Text style={styles.title}>{doc.title}</Text>
        <Text style={styles.number}>{doc.number}</Text>
        <Text style={styles.status}>{doc.status}</Text>
      </View>
    </View>
  )
}

export function Parties({ doc }: { doc: PrintedDocument }) {
  return (
    <View style={styles.partiesRow}>
      <View>
        <Text style={styles.heading}>{doc.party.heading}</Text>
        {doc.party.lines.map((line, i) => (
          // Lines of an address may repeat (two blank companies); their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed, never reordered
          <Text key={i}>{line}</Text>
        ))}
      </View>
      <View>
        {doc.facts.map((fact) => (
          <View key={fact.label} style={styles.factRow}>
            <Text style={styles.factLabel}>{fact.label}</Text>
            <Text style={styles.factValue}>{fact.value}</Text>
          </View>
        ))}
      </View>
    </View>
  )
}

export type { PrintedDocument, PrintedLine }

export function LinesTable({ lines }: { lines: PrintedLine[] }) {
  return (
    <View>
      <View style={styles.tableHeader} fixed>
        <Text style={styles.description}>Description</Text>
        <Text style={styles.quantity}>Qty</Text>
        <Text style={styles.price}>Unit price</Text>
        <Text style={styles.amount}>Amount</Text>
      </View>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a printed document's lines never move
        <View key={i} style={styles.row} wrap={false}>
          <Text style={styles.description}>
            {line.description}
            {line.taxable ? ' *' : ''}
          </Text>
          <Text style={styles.quantity}>{line.quantity}</Text>
          <Text style={styles.price}>{line.unitPrice}</Text>
          <Text style={styles.amount}>{line.amount}</Text>
        </View>
      ))}
      {lines.some((line) => line.taxable) ? <Text style={[styles.small, { marginTop: 4 }]}>* taxable</Text> : null}
    </View>
  )
}

export function Totals({ totals }: { totals: PrintedDocument['totals'] }) {
  return (
    <View style={styles.totals} wrap={false}>
      {totals.map((row) => (
        <View key={row.label} style={row.strong ? [styles.totalRow, styles.strong] : styles.totalRow}>
          <Text>{row.label}</Text>
          <Text>{row.value}</Text>
        </View>
      ))}
    </View>
  )
}

export function Sections({ sections }: { sections: PrintedDocument['sections'] }) {
  return (
    <>
      {sections.map((section) => (
        <View key={section.heading} style={styles.section} wrap={false}>
          <Text style={styles.heading}>{section.heading}</Text>
          <Text style={styles.sectionText}>{section.text}</Text>
        </View>
      ))}
    </>
  )
}

/**
 * On every page: who issued which document. No "page N of M": react-pdf lays such a text out once
 * more per page, a third of a 50-line invoice's rendering time, measured.
 */
export function Footer({ text }: { text: string }) {
  return (
    <View style={styles.footer} fixed>
      <Text>{text}</Text>
    </View>
  )
}

/** A whole document from its parts; a contract would place its own parts between the same header and footer. */
export function PrintedDocumentPdf({ doc, children }: { doc: PrintedDocument; children?: ReactNode }) {
  return (
    <Document
      title={doc.meta.title}
      author={doc.meta.author}
      subject={doc.meta.subject}
      creator={doc.meta.author}
      producer={doc.meta.author}
      creationDate={doc.meta.createdAt}
      language="en-US"
    >
      <Page size="LETTER" style={styles.page}>
        {doc.banner ? <Text style={styles.banner}>{doc.banner}</Text> : null}
        <IssuerHeader doc={doc} />
        <Parties doc={doc} />
        {doc.lines ? <LinesTable lines={doc.lines} /> : null}
        {children}
        <Totals totals={doc.totals} />
        <Sections sections={doc.sections} />
        <Footer text={doc.footer} />
      </Page>
    </Document>
  )
}
