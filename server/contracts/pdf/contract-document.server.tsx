import { Document, Page, StyleSheet, Text, View } from '@react-pdf/renderer'
import type { IssuerSnapshot, PrintedDocument } from '../../../app/features/billing/printed.ts'
import { type Block, parseContractMarkdown, type Span } from '../../../app/features/contracts/markdown.ts'
import { contractStatusLabels, eventLabels } from '../../../app/features/contracts/states.ts'
import { formatSignatureTime } from '../../../app/features/contracts/time.ts'
import { formatCalendarDate } from '../../../app/lib/business-time.ts'
import { currentIssuer } from '../../billing/parties.server.ts'
import { Footer, IssuerHeader, Parties, pageStyle, pdfTheme } from '../../billing/pdf/parts.server.tsx'
import { renderPdf } from '../../billing/pdf/render.server.ts'
import type { Contract, ContractEvent } from '../../db/schema/index.server.ts'
import type { ContractPdfInput } from './contract-pdf.server.ts'

/**
 * The contract as a PDF: the billing documents' header, parties and footer (server/billing/pdf/),
 * then the text, a signature block per signer, and a last page, the certificate: the event trail
 * (who, when in New York and UTC, from which IP) and the text's SHA-256. The number and the hash
 * are also written into the file's Keywords, which the staff verification page reads back.
 *
 * Loaded on a contract's first PDF (./contract-pdf.server.ts), with react-pdf.
 */

const styles = StyleSheet.create({
  banner: {
    marginBottom: 12,
    padding: 6,
    borderWidth: 1,
    borderColor: '#b42318',
    color: '#b42318',
    fontFamily: 'Helvetica-Bold',
    textAlign: 'center',
  },
  h1: { fontSize: 15, fontFamily: 'Helvetica-Bold', marginTop: 6, marginBottom: 8 },
  h2: { fontSize: 11.5, fontFamily: 'Helvetica-Bold', marginTop: 12, marginBottom: 4, color: pdfTheme.brand },
  h3: { fontSize: 10.5, fontFamily: 'Helvetica-Bold', marginTop: 8, marginBottom: 3 },
  paragraph: { lineHeight: 1.45, marginBottom: 6 },
  item: { flexDirection: 'row', marginBottom: 3, lineHeight: 1.45 },
  marker: { width: 18 },
  itemText: { flex: 1 },
  heading: {
    fontSize: 8,
    fontFamily: 'Helvetica-Bold',
    color: pdfTheme.brand,
    textTransform: 'uppercase',
    marginBottom: 4,
  },
  signatures: { marginTop: 24, flexDirection: 'row', gap: 24 },
  signatureBox: { flex: 1, borderTopWidth: 1, borderTopColor: '#111111', paddingTop: 6 },
  signedName: { fontSize: 14, fontFamily: 'Helvetica-Oblique', marginBottom: 4 },
  small: { fontSize: 8.5, color: pdfTheme.muted, lineHeight: 1.4 },
  certificateTitle: { fontSize: 16, fontFamily: 'Helvetica-Bold', marginBottom: 10 },
  fact: { flexDirection: 'row', marginBottom: 3 },
  factLabel: { width: 120, color: pdfTheme.muted },
  factValue: { flex: 1 },
  hash: { fontFamily: 'Courier', fontSize: 9 },
  eventRow: {
    flexDirection: 'row',
    borderBottomWidth: 0.5,
    borderBottomColor: pdfTheme.rule,
    paddingVertical: 4,
    fontSize: 8.5,
  },
  eventHead: { fontFamily: 'Helvetica-Bold', borderBottomColor: '#111111', borderBottomWidth: 1 },
  eventKind: { width: 80 },
  eventWho: { width: 150, paddingRight: 6 },
  eventWhen: { flex: 1, paddingRight: 6 },
  eventIp: { width: 80 },
})

function Spans({ spans }: { spans: Span[] }) {
  return (
    <>
      {spans.map((span, i) => (
        <Text
          // biome-ignore lint/suspicious/noArrayIndexKey: the spans of a fixed text never move
          key={i}
          style={span.bold ? { fontFamily: 'Helvetica-Bold' } : span.italic ? { fontFamily: 'Helvetica-Oblique' } : {}}
        >
          {span.text}
        </Text>
      ))}
    </>
  )
}

function ContractBlocks({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((block, i) => {
        if (block.type === 'heading') {
          const style = block.level === 1 ? styles.h1 : block.level === 2 ? styles.h2 : styles.h3
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a frozen text's blocks never move
            <Text key={i} style={style} minPresenceAhead={40}>
              <Spans spans={block.spans} />
            </Text>
          )
        }
        if (block.type === 'paragraph') {
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a frozen text's blocks never move
            <Text key={i} style={styles.paragraph}>
              <Spans spans={block.spans} />
            </Text>
          )
        }
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a frozen text's blocks never move
          <View key={i} style={{ marginBottom: 6 }}>
            {block.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a frozen text's items never move
              <View key={j} style={styles.item} wrap={false}>
                <Text style={styles.marker}>{block.ordered ? `${j + 1}.` : '•'}</Text>
                <Text style={styles.itemText}>
                  <Spans spans={item} />
                </Text>
              </View>
            ))}
          </View>
        )
      })}
    </>
  )
}

function issuerLines(issuer: IssuerSnapshot): PrintedDocument['issuer'] {
  return {
    name: issuer.name,
    legalName: issuer.legalName,
    addressLines: [issuer.street, `${issuer.town}, ${issuer.state} ${issuer.postalCode}`],
    phone: issuer.phone,
    email: issuer.email,
  }
}

/** The header, parties and footer of the billing documents, filled for a contract. */
export function printedContractHeader(contract: Contract, shownStatus: string): PrintedDocument {
  const issuer = contract.issuer ?? currentIssuer()
  const party = contract.party
  return {
    title: 'Agreement',
    number: contract.number ?? 'Draft',
    status: shownStatus,
    issuer: issuerLines(issuer),
    party: {
      heading: 'Client',
      lines: party ? [party.name, party.companyName ?? '', party.email].filter(Boolean) : ['(chosen when sent)'],
    },
    facts: [
      { label: 'Sent', value: contract.sentAt ? formatCalendarDate(contract.sentAt.toISOString().slice(0, 10)) : '—' },
      { label: 'Sign by', value: formatCalendarDate(contract.expiresOn) },
    ],
    totals: [],
    sections: [],
    footer: `${issuer.name} · ${contract.title} ${contract.number ?? '(draft)'}${
      contract.textSha256 ? ` · text SHA-256 ${contract.textSha256.slice(0, 16)}…` : ''
    }`,
    meta: {
      title: `${contract.title} ${contract.number ?? '(draft)'}`,
      author: issuer.name,
      subject: contract.title,
      createdAt: contract.countersignedAt ?? contract.signedAt ?? contract.sentAt ?? contract.createdAt,
    },
  }
}

function SignatureBlock({
  heading,
  name,
  email,
  at,
  ip,
  party,
}: {
  heading: string
  party: string
  name: string | null
  email: string | null
  at: Date | null
  ip: string | null
}) {
  return (
    <View style={styles.signatureBox} wrap={false}>
      <Text style={styles.heading}>{heading}</Text>
      <Text style={{ marginBottom: 6 }}>{party}</Text>
      {name && at ? (
        <>
          <Text style={styles.signedName}>/s/ {name}</Text>
          <Text style={styles.small}>Signed electronically by {name}</Text>
          <Text style={styles.small}>{email}</Text>
          <Text style={styles.small}>{formatSignatureTime(at)}</Text>
          <Text style={styles.small}>IP address {ip}</Text>
        </>
      ) : (
        <Text style={styles.small}>Not signed yet</Text>
      )}
    </View>
  )
}

function Certificate({ contract, events }: { contract: Contract; events: ContractEvent[] }) {
  const facts: [string, string][] = [
    ['Document', `${contract.title} ${contract.number ?? ''}`],
    ['Status', contractStatusLabels[contract.status]],
    ['Client', [contract.party?.name, contract.party?.companyName].filter(Boolean).join(', ')],
    ['Times', 'New York time, with the UTC instant recorded'],
  ]
  return (
    <View break>
      <Text style={styles.certificateTitle}>Certificate of electronic signature</Text>
      {facts.map(([label, value]) => (
        <View key={label} style={styles.fact}>
          <Text style={styles.factLabel}>{label}</Text>
          <Text style={styles.factValue}>{value}</Text>
        </View>
      ))}
      <View style={[styles.fact, { marginTop: 6 }]}>
        <Text style={styles.factLabel}>Text SHA-256</Text>
        <Text style={[styles.factValue, styles.hash]}>{contract.textSha256 ?? '—'}</Text>
      </View>
      <Text style={[styles.small, { marginBottom: 12 }]}>
        The SHA-256 hash of the agreement's text (UTF-8), recorded when it was sent and checked at each signature. Any
        change to the text, however small, gives a different hash.
      </Text>
      <Text style={styles.heading}>Event trail</Text>
      <View style={[styles.eventRow, styles.eventHead]}>
        <Text style={styles.eventKind}>Event</Text>
        <Text style={styles.eventWho}>Who</Text>
        <Text style={styles.eventWhen}>When</Text>
        <Text style={styles.eventIp}>IP address</Text>
      </View>
      {events.map((event) => (
        <View key={event.id} style={styles.eventRow} wrap={false}>
          <Text style={styles.eventKind}>{eventLabels[event.kind]}</Text>
          <Text style={styles.eventWho}>
            {event.actorName}
            {'\n'}
            {event.actorEmail}
          </Text>
          <Text style={styles.eventWhen}>{formatSignatureTime(event.at)}</Text>
          <Text style={styles.eventIp}>{event.ip ?? '—'}</Text>
        </View>
      ))}
      {contract.consentText ? (
        <View style={{ marginTop: 14 }}>
          <Text style={styles.heading}>Consent given by the client before signing</Text>
          <Text style={styles.small}>{contract.consentText}</Text>
          <Text style={[styles.small, { marginTop: 4 }]}>Browser: {contract.signerUserAgent}</Text>
        </View>
      ) : null}
    </View>
  )
}

/** The PDF of a contract as it stands: a draft or an unsigned one says so across the top. */
export function renderContractPdf({ contract, events }: ContractPdfInput): Promise<Buffer> {
  const header = printedContractHeader(contract, contractStatusLabels[contract.status])
  const banner =
    contract.status === 'draft'
      ? 'DRAFT: not sent, not for signature'
      : contract.status === 'withdrawn'
        ? 'WITHDRAWN: this agreement was withdrawn and cannot be signed'
        : contract.signedAt === null
          ? 'NOT SIGNED: review copy'
          : undefined
  const issuer = contract.issuer ?? currentIssuer()
  return renderPdf(
    <Document
      title={header.meta.title}
      author={header.meta.author}
      subject={header.meta.subject}
      keywords={`${contract.number ?? 'draft'} text-sha256:${contract.textSha256 ?? 'none'}`}
      creator={header.meta.author}
      producer={header.meta.author}
      creationDate={header.meta.createdAt}
      modificationDate={header.meta.createdAt}
      language="en-US"
    >
      <Page size="LETTER" style={pageStyle}>
        {banner ? <Text style={styles.banner}>{banner}</Text> : null}
        <IssuerHeader doc={header} />
        <Parties doc={header} />
        <ContractBlocks blocks={parseContractMarkdown(contract.body)} />
        <View style={styles.signatures} wrap={false}>
          <SignatureBlock
            heading="Client"
            party={contract.party?.companyName ?? contract.party?.name ?? ''}
            name={contract.signerName}
            email={contract.signerEmail}
            at={contract.signedAt}
            ip={contract.signerIp}
          />
          <SignatureBlock
            heading="Provider"
            party={issuer.legalName}
            name={contract.countersignerName}
            email={contract.countersignerEmail}
            at={contract.countersignedAt}
            ip={contract.countersignerIp}
          />
        </View>
        {contract.status !== 'draft' ? <Certificate contract={contract} events={events} /> : null}
        <Footer text={header.footer} />
      </Page>
    </Document>,
  )
}
