import { Worker } from 'node:worker_threads'
import type { ContractPdfInput } from '../../contracts/pdf/contract-pdf.server.ts'
import type { BillingPdfInput } from './billing-pdf.server.tsx'

/**
 * Every PDF of the server is made in one worker thread (./pdf-worker.server.tsx), started on the
 * first PDF and stopped after an idle spell (docs/decisions/032-pdfs-in-a-worker-thread.md).
 *
 * Why: react-pdf keeps what it loaded and laid out (fonts, layout objects, yoga's WebAssembly memory,
 * V8's pages grown under a burst of renders) for the life of its heap. In the request thread that
 * was the life of the server: ~100 MiB of resident memory after 1,000 invoices. In a thread that
 * exits when the work is done, it is returned with the thread. While a PDF is laid out, the request
 * thread serves other requests.
 *
 * Jobs take turns (one at a time, in order): the thread's heap holds one document, and two side by
 * side would not finish sooner on a small machine. An error while rendering rejects that job as it
 * was thrown; a thread that dies (out of its memory limit, a crash) rejects the job it had and is
 * replaced for the next one.
 */

export type PdfJob = { kind: 'billing'; input: BillingPdfInput } | { kind: 'contract'; input: ContractPdfInput }
export type PdfWorkerRequest = { id: number; job: PdfJob }
export type PdfWorkerReply = { ready: true } | { id: number; pdf: Uint8Array } | { id: number; error: unknown }

export type PdfRendererOptions = {
  /** How long the thread waits for the next job before it exits (ms). */
  idleMs?: number
  /** The thread's V8 old-generation limit (MiB): a job that needs more fails, the thread is replaced. */
  maxOldGenerationSizeMb?: number
}

type Task = { id: number; job: PdfJob; resolve: (pdf: Buffer) => void; reject: (error: unknown) => void }

export class PdfRenderer {
  readonly idleMs: number
  readonly maxOldGenerationSizeMb: number
  #worker: Worker | undefined
  #ready: Promise<void> | undefined
  #exits = new Set<Promise<void>>()
  #queue: Task[] = []
  #current: Task | undefined
  #idleTimer: NodeJS.Timeout | undefined
  #nextId = 1
  #started = 0
  #drained: Array<() => void> = []

  constructor(options: PdfRendererOptions = {}) {
    this.idleMs = options.idleMs ?? 30_000
    this.maxOldGenerationSizeMb = options.maxOldGenerationSizeMb ?? 128
  }

  /** The file's bytes; rejects with the error the rendering threw. */
  render(job: PdfJob): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, job, resolve, reject })
      this.#next()
    })
  }

  /** Starts the thread and waits until react-pdf is loaded in it (before work that must not wait for the load). */
  async warm(): Promise<void> {
    this.#start()
    await this.#ready
    if (!this.#current && this.#queue.length === 0) this.#idle()
  }

  /** Whether a thread is running now, and how many were started so far (for tests and the bench). */
  get state(): { running: boolean; threadId: number | undefined; started: number; queued: number } {
    return {
      running: this.#worker !== undefined,
      threadId: this.#worker?.threadId,
      started: this.#started,
      queued: this.#queue.length + (this.#current ? 1 : 0),
    }
  }

  /**
   * The shutdown: the jobs already asked for finish, then the thread exits. Resolves once it has;
   * a job asked for afterwards starts a thread again.
   */
  async stop(): Promise<void> {
    if (this.#current || this.#queue.length > 0) await new Promise<void>((resolve) => this.#drained.push(resolve))
    this.#stopWorker()
    await Promise.all(this.#exits)
  }

  #next(): void {
    if (this.#current) return
    const task = this.#queue.shift()
    if (!task) return
    clearTimeout(this.#idleTimer)
    const worker = this.#start()
    worker.ref()
    this.#current = task
    worker.postMessage({ id: task.id, job: task.job } satisfies PdfWorkerRequest)
  }

  #start(): Worker {
    if (this.#worker) return this.#worker
    const worker = createWorker({
      maxOldGenerationSizeMb: this.maxOldGenerationSizeMb,
      maxYoungGenerationSizeMb: PDF_THREAD_YOUNG_GENERATION_MB,
    })
    this.#worker = worker
    this.#started += 1
    let loaded: () => void = () => undefined
    let failed: (error: unknown) => void = () => undefined
    this.#ready = new Promise<void>((resolve, reject) => {
      loaded = resolve
      failed = reject
    })
    this.#ready.catch(() => undefined)
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
    this.#exits.add(exited)
    void exited.then(() => this.#exits.delete(exited))
    worker.on('message', (reply: PdfWorkerReply) => {
      if ('ready' in reply) return loaded()
      this.#settle(reply)
    })
    worker.on('error', (error) => {
      failed(error)
      this.#lost(worker, error)
    })
    worker.on('exit', (code) => {
      const error = new Error(`The PDF renderer stopped (exit code ${code}).`)
      failed(error)
      this.#lost(worker, error)
    })
    return worker
  }

  #settle(reply: Exclude<PdfWorkerReply, { ready: true }>): void {
    const task = this.#current
    if (!task || task.id !== reply.id) return
    this.#current = undefined
    if ('pdf' in reply) task.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength))
    else task.reject(reply.error)
    if (this.#queue.length > 0) this.#next()
    else this.#idle()
  }

  /** The thread died (or was stopped): its job fails with the reason, the next job gets a new thread. */
  #lost(worker: Worker, error: unknown): void {
    if (this.#worker !== worker) return
    this.#worker = undefined
    clearTimeout(this.#idleTimer)
    const task = this.#current
    this.#current = undefined
    task?.reject(error)
    this.#next()
    if (!this.#current) this.#flushDrained()
  }

  /** Nothing to do: the thread no longer keeps the process alive, and exits after `idleMs`. */
  #idle(): void {
    this.#worker?.unref()
    clearTimeout(this.#idleTimer)
    this.#idleTimer = setTimeout(() => this.#stopWorker(), this.idleMs)
    this.#idleTimer.unref()
    this.#flushDrained()
  }

  #flushDrained(): void {
    for (const resolve of this.#drained.splice(0)) resolve()
  }

  #stopWorker(): void {
    clearTimeout(this.#idleTimer)
    const worker = this.#worker
    // Forgotten first, so that a job asked for while it exits gets a new thread, not this one.
    this.#worker = undefined
    void worker?.terminate()
  }
}

/**
 * The thread's young generation (MiB): V8's flags are the process's, so without this the thread would
 * take the server's 2 × 16 MiB (server-v8-flags.js), sized for many pages at once; one PDF at a time
 * keeps the size the process had before (2 × 4 MiB; docs/perf/memory.md).
 */
const PDF_THREAD_YOUNG_GENERATION_MB = 12

function createWorker(resourceLimits: { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number }): Worker {
  const here = import.meta.url
  if (here.endsWith('.js')) {
    // The build: vite.config.ts bundles the thread's code as its own entry beside the server's
    // (build/server/pdf-worker.js), react-pdf staying in node_modules as for the server.
    return new Worker(new URL('./pdf-worker.js', here), { resourceLimits })
  }
  // The source (tests, development): its TypeScript and JSX compiled on load by tsx.
  const source = new URL('./pdf-worker.server.tsx', here).href
  return new Worker(
    `import { tsImport } from 'tsx/esm/api'; await tsImport(${JSON.stringify(source)}, ${JSON.stringify(here)})`,
    { eval: true, resourceLimits },
  )
}

/** The server's one renderer. */
export const pdfRenderer = new PdfRenderer()
