import zlib from 'node:zlib'

/**
 * A rendered page as the fixed bytes between the places its CSP nonce goes, so that each response
 * can carry a fresh nonce without rendering again.
 *
 * The gzip form is prepared once as well: each fixed part is compressed on its own and ends on a
 * byte boundary (a sync flush), so the parts can be joined around the nonce, which goes in as a
 * stored (uncompressed) deflate block. A response's gzip body is then header + parts + nonce blocks
 * + end block + trailer; the trailer's CRC-32 is combined from the parts' precomputed CRCs
 * (crc32Combine below) instead of reading the whole page again. Brotli has no such joinable form
 * (its later blocks depend on earlier bytes and context), so clients are offered gzip.
 */
export type NonceTemplate = {
  /** The nonce's length; every response's nonce must have it (the gzip joins depend on it). */
  nonceLength: number
  /** Length of the page as sent uncompressed. */
  rawLength: number
  /** Length of the page's gzip form. */
  gzipLength: number
  /** The page with `nonce` in its places, as buffers to write in order. */
  raw(nonce: string): Buffer[]
  /** The same page gzip-compressed, as buffers to write in order. */
  gzip(nonce: string): Buffer[]
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff])
/** An empty final block with fixed codes: what deflate writes on finishing an empty input. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00])

/** Splits `page` at every occurrence of `nonce` and prepares both forms. */
export function nonceTemplate(page: Buffer, nonce: string): NonceTemplate {
  const needle = Buffer.from(nonce, 'latin1')
  const parts: Buffer[] = []
  let from = 0
  for (let at = page.indexOf(needle, from); at !== -1; at = page.indexOf(needle, from)) {
    parts.push(page.subarray(from, at))
    from = at + needle.length
  }
  parts.push(page.subarray(from))
  const nonceLength = needle.length

  const compressed = parts.map((part) =>
    part.length === 0
      ? Buffer.alloc(0)
      : zlib.deflateRawSync(part, { level: 9, memLevel: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  )
  const partCrcs = parts.map((part) => zlib.crc32(part))
  // Multipliers that append a part's length (or the nonce's) of data to a running CRC.
  const partShifts = parts.map((part) => crcShift(part.length))
  const nonceShift = crcShift(nonceLength)
  const storedHeader = Buffer.from([
    0x00,
    nonceLength & 0xff,
    nonceLength >> 8,
    ~nonceLength & 0xff,
    (~nonceLength >> 8) & 0xff,
  ])
  const rawLength = page.length
  const gaps = parts.length - 1
  const gzipLength =
    GZIP_HEADER.length +
    compressed.reduce((n, c) => n + c.length, 0) +
    gaps * (storedHeader.length + nonceLength) +
    FINAL_BLOCK.length +
    8

  const nonceBytes = (value: string): Buffer => {
    const bytes = Buffer.from(value, 'latin1')
    if (bytes.length !== nonceLength) throw new Error('a nonce of another length than the template was made for')
    return bytes
  }

  return {
    nonceLength,
    rawLength,
    gzipLength,
    raw(value) {
      const bytes = nonceBytes(value)
      const out: Buffer[] = []
      for (let i = 0; i < parts.length; i++) {
        if (i > 0) out.push(bytes)
        out.push(parts[i] as Buffer)
      }
      return out
    },
    gzip(value) {
      const bytes = nonceBytes(value)
      const nonceCrc = zlib.crc32(bytes)
      let crc = partCrcs[0] ?? 0
      const out: Buffer[] = [GZIP_HEADER, compressed[0] as Buffer]
      for (let i = 1; i < parts.length; i++) {
        out.push(storedHeader, bytes, compressed[i] as Buffer)
        crc = (multiplyModP(nonceShift, crc) ^ nonceCrc) >>> 0
        crc = (multiplyModP(partShifts[i] as number, crc) ^ (partCrcs[i] as number)) >>> 0
      }
      const trailer = Buffer.alloc(8)
      trailer.writeUInt32LE(crc, 0)
      trailer.writeUInt32LE(rawLength % 2 ** 32, 4)
      out.push(FINAL_BLOCK, trailer)
      return out
    },
  }
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
