import zlib from 'node:zlib'

/**
 * A rendered page as the fixed bytes between the places its CSP nonce goes, so that each response
 * can carry a fresh nonce without rendering again.
 *
 * The gzip form is prepared once as well: each fixed part is compressed on its own and ends on a
 * byte boundary (a sync flush), so the parts can be joined around the nonce, which goes in as a
 * stored (uncompressed) deflate block. Both forms are kept whole, with the rendered nonce in its
 * places; a response's body is a copy of that with the new nonce written over the old one, and for
 * gzip the trailer's CRC-32 corrected for the changed bytes (CRC-32 is affine: the change of the
 * CRC is the XOR of what each changed bit contributes, precomputed per bit of the nonce, see
 * nonceBitCrcs). One buffer per response leaves in one write with the headers, like a static
 * file's (the parts written one by one cost a third more CPU per answer, docs/perf/http.md), and
 * the copies are reused: the server hands a body back (`release`) once it is written, and the next
 * response overwrites only its nonce and CRC. Brotli has no such joinable form (its later blocks
 * depend on earlier bytes and context), so clients are offered gzip.
 */
export type NonceTemplate = {
  /** The nonce's length; every response's nonce must have it (the gzip joins depend on it). */
  nonceLength: number
  /** Length of the page as sent uncompressed. */
  rawLength: number
  /** Length of the page's gzip form. */
  gzipLength: number
  /** The page with `nonce` in its places, in one buffer of its own until it is released. */
  raw(nonce: string): Buffer<ArrayBuffer>
  /** The same page gzip-compressed, in one buffer of its own until it is released. */
  gzip(nonce: string): Buffer<ArrayBuffer>
  /**
   * Gives back a body of raw() or gzip() that nothing reads any more (its response is written: the
   * socket's write has completed), for a later response of the same form to reuse. Optional: a
   * body never released is collected like any buffer.
   */
  release(body: Buffer<ArrayBuffer>): void
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff])
/** An empty final block with fixed codes: what deflate writes on finishing an empty input. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00])

/** Splits `page` at every occurrence of `nonce` and prepares both forms. */
export function nonceTemplate(page: Buffer, nonce: string): NonceTemplate {
  const rendered = Buffer.from(nonce, 'latin1')
  const nonceLength = rendered.length
  const parts: Buffer[] = []
  /** Where each nonce starts in the page. */
  const rawPlaces: number[] = []
  let from = 0
  for (let at = page.indexOf(rendered, from); at !== -1; at = page.indexOf(rendered, from)) {
    parts.push(page.subarray(from, at))
    rawPlaces.push(at)
    from = at + nonceLength
  }
  parts.push(page.subarray(from))

  const storedHeader = Buffer.from([
    0x00,
    nonceLength & 0xff,
    nonceLength >> 8,
    ~nonceLength & 0xff,
    (~nonceLength >> 8) & 0xff,
  ])
  const gzipChunks: Buffer[] = [GZIP_HEADER]
  /** Where each nonce starts in the gzip form (inside its stored block). */
  const gzipPlaces: number[] = []
  let gzipAt = GZIP_HEADER.length
  for (const [i, part] of parts.entries()) {
    if (i > 0) {
      gzipChunks.push(storedHeader, rendered)
      gzipPlaces.push(gzipAt + storedHeader.length)
      gzipAt += storedHeader.length + nonceLength
    }
    const compressed =
      part.length === 0
        ? Buffer.alloc(0)
        : zlib.deflateRawSync(part, { level: 9, memLevel: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH })
    gzipChunks.push(compressed)
    gzipAt += compressed.length
  }
  const rawLength = page.length
  const renderedCrc = zlib.crc32(page)
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(renderedCrc, 0)
  trailer.writeUInt32LE(rawLength % 2 ** 32, 4)
  gzipChunks.push(FINAL_BLOCK, trailer)
  const gzipForm = Buffer.concat(gzipChunks)
  const gzipLength = gzipForm.length
  // Per bit of the nonce (byte j, bit b at j * 8 + b): how flipping it in every place changes the CRC.
  const bitCrcs = nonceBitCrcs(rawLength, rawPlaces, nonceLength)

  // Released bodies of each form, for reuse (at most SPARES_PER_FORM, and SPARE_BYTES for all pages).
  const spares = { raw: [] as Buffer<ArrayBuffer>[], gzip: [] as Buffer<ArrayBuffer>[], bytes: 0 }
  const withNonce = (
    form: Buffer,
    kept: Buffer<ArrayBuffer>[],
    places: number[],
    value: string,
  ): Buffer<ArrayBuffer> => {
    if (value.length !== nonceLength) throw new Error('a nonce of another length than the template was made for')
    const spare = kept.pop()
    if (spare) {
      spares.bytes -= spare.length
      spareBytes -= spare.length
    }
    const out = spare ?? Buffer.from(form)
    for (const at of places) out.write(value, at, nonceLength, 'latin1')
    return out
  }

  const template: NonceTemplate = {
    nonceLength,
    rawLength,
    gzipLength,
    raw(value) {
      return withNonce(page, spares.raw, rawPlaces, value)
    },
    release(body) {
      // (A page whose two forms have one length, too small to matter, keeps none.)
      if (rawLength === gzipLength) return
      const kept = body.length === rawLength ? spares.raw : body.length === gzipLength ? spares.gzip : undefined
      if (!kept || kept.length >= SPARES_PER_FORM || spareBytes + body.length > SPARE_BYTES) return
      kept.push(body)
      spares.bytes += body.length
      spareBytes += body.length
    },
    gzip(value) {
      const out = withNonce(gzipForm, spares.gzip, gzipPlaces, value)
      if (gzipPlaces.length === 0) return out
      let crc = renderedCrc
      for (let j = 0; j < nonceLength; j++) {
        let flipped = (value.charCodeAt(j) ^ (rendered[j] as number)) & 0xff
        for (let b = j * 8; flipped !== 0; b++, flipped >>>= 1) if (flipped & 1) crc ^= bitCrcs[b] as number
      }
      out.writeUInt32LE(crc >>> 0, gzipLength - 8)
      return out
    },
  }
  // A template dropped from the cache takes its spares with it.
  dropped.register(template, spares)
  return template
}

/**
 * Released bodies kept per form of a page: at least the answers of one page in flight at once (a
 * read of many requests is answered in one turn of the event loop, before any write completes).
 */
const SPARES_PER_FORM = 32
/** Released bodies kept for all pages together, bytes (docs/perf/http.md). */
const SPARE_BYTES = 8 * 1024 * 1024
let spareBytes = 0
const dropped = new FinalizationRegistry<{ bytes: number }>((spares) => {
  spareBytes -= spares.bytes
})

/**
 * For each bit of the nonce (byte j, bit b at index j * 8 + b), the change of the page's CRC-32 when
 * that bit flips in every place the nonce stands: CRC-32 is affine, crc(A xor D) = crc(A) xor lin(D)
 * with lin linear, so a response's CRC is the rendered page's xor these for the bits its nonce differs in.
 * A single bit at byte p of a message of length L contributes lin(bit) moved past the L - p - 1 bytes
 * after it (crcShift).
 */
function nonceBitCrcs(length: number, places: number[], nonceLength: number): Uint32Array {
  const out = new Uint32Array(nonceLength * 8)
  if (places.length === 0) return out
  const zero = zlib.crc32(Buffer.alloc(1))
  const bitAlone = Array.from({ length: 8 }, (_, b) => (zlib.crc32(Buffer.from([1 << b])) ^ zero) >>> 0)
  const placeShifts = places.map((at) => crcShift(length - at - nonceLength))
  for (let j = 0; j < nonceLength; j++) {
    const tail = crcShift(nonceLength - j - 1)
    for (let b = 0; b < 8; b++) {
      const atEnd = multiplyModP(tail, bitAlone[b] as number)
      let sum = 0
      for (const shift of placeShifts) sum ^= multiplyModP(shift, atEnd)
      out[j * 8 + b] = sum >>> 0
    }
  }
  return out
}

// CRC-32 combination, as zlib's crc32_combine does it: crc(A + B) = crc(A)·x^(8·len(B)) mod P
// xor crc(B), with polynomials in the reflected bit order of the CRC.
const POLY = 0xedb88320

/** a·b modulo the CRC polynomial. */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000
  let p = 0
  for (;;) {
    if (a & m) {
      p ^= b
      if ((a & (m - 1)) === 0) break
    }
    m >>>= 1
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1
  }
  return p >>> 0
}

/** x^(2^k) modulo P for k = 0..31. */
const x2n: number[] = (() => {
  const table: number[] = []
  let p = 0x40000000 // x^1
  table.push(p)
  for (let k = 1; k < 32; k++) {
    p = multiplyModP(p, p)
    table.push(p)
  }
  return table
})()

/** x^(8·bytes) modulo P: the multiplier that moves a CRC past `bytes` more bytes. */
function crcShift(bytes: number): number {
  let p = 0x80000000 // x^0
  let n = bytes
  let k = 3
  while (n) {
    if (n & 1) p = multiplyModP(x2n[k & 31] as number, p)
    n = Math.floor(n / 2)
    k++
  }
  return p
}
