import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { appLoaderScript } from './app-loader-script'

type Appended = { tag: string; rel?: string; href?: string; type?: string; nonce?: string; textContent?: string }
type Entries = { getEntriesByName: (name: string) => unknown[] }

/**
 * Runs the inline script in a fresh global holding only what it touches. Frames, timers and the
 * browser's paint report happen when the test says so.
 */
function runScript(script: string, options: { hidden?: boolean; nonce?: string; paintTiming?: boolean } = {}) {
  const appended: Appended[] = []
  const frames: (() => void)[] = []
  const timers: { callback: () => void; delay: number }[] = []
  const observers: ((list: Entries) => void)[] = []
  class FakePerformanceObserver {
    static supportedEntryTypes = options.paintTiming === false ? ['navigation'] : ['navigation', 'paint']
    constructor(private readonly callback: (list: Entries) => void) {}
    observe() {
      observers.push(this.callback)
    }
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1)
    }
  }
  const window = {
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, delay = 0) => timers.push({ callback, delay }),
    PerformanceObserver: FakePerformanceObserver,
  }
  const document = {
    visibilityState: options.hidden ? 'hidden' : 'visible',
    currentScript: options.nonce ? { nonce: options.nonce } : null,
    createElement: (tag: string) => ({ tag }) as Appended,
    head: { appendChild: (node: Appended) => appended.push({ ...node }) },
  }
  vm.runInNewContext(script, { window, document })
  return {
    appended,
    report: (name: string) => {
      for (const observer of [...observers]) observer({ getEntriesByName: (n) => (n === name ? [{ name }] : []) })
    },
    nextFrame: () => {
      for (const frame of frames.splice(0)) frame()
    },
    /** Runs the timers due within `upTo` ms, and those they set in turn. */
    runTimers: (upTo: number) => {
      for (let due = timers.find((t) => t.delay <= upTo); due; due = timers.find((t) => t.delay <= upTo)) {
        timers.splice(timers.indexOf(due), 1)
        due.callback()
      }
    },
  }
}

const preloads = ['/assets/entry.client-a.js', '/assets/framework-b.js']
const code = 'import * as route0 from "/assets/root-c.js";\nimport("/assets/entry.client-a.js");'
const started = [
  { tag: 'link', rel: 'modulepreload', href: preloads[0] },
  { tag: 'link', rel: 'modulepreload', href: preloads[1] },
  { tag: 'script', type: 'module', nonce: 'n0nce', textContent: code },
]

describe('appLoaderScript', () => {
  it('requests nothing until the first contentful paint is on screen and two more frames have passed', () => {
    const run = runScript(appLoaderScript(preloads, code), { nonce: 'n0nce' })
    run.nextFrame()
    run.runTimers(0)
    run.report('first-paint')
    run.nextFrame()
    run.runTimers(0)
    expect(run.appended).toEqual([])
    run.report('first-contentful-paint')
    run.nextFrame()
    run.runTimers(0)
    expect(run.appended).toEqual([])
    run.nextFrame()
    run.runTimers(0)
    expect(run.appended).toEqual(started)
    // Once only, whatever fires later.
    run.report('first-contentful-paint')
    run.nextFrame()
    run.nextFrame()
    run.runTimers(10_000)
    expect(run.appended).toEqual(started)
  })

  it('starts after 3 s when no paint is reported', () => {
    const run = runScript(appLoaderScript(preloads, code), { nonce: 'n0nce' })
    run.runTimers(2_999)
    expect(run.appended).toEqual([])
    run.runTimers(3_000)
    expect(run.appended).toEqual(started)
  })

  it('starts after one frame in a browser without paint timing', () => {
    const run = runScript(appLoaderScript(preloads, code), { nonce: 'n0nce', paintTiming: false })
    expect(run.appended).toEqual([])
    run.nextFrame()
    run.runTimers(0)
    expect(run.appended).toEqual(started)
  })

  it('starts at once in a background tab, where no frame is drawn', () => {
    const run = runScript(appLoaderScript(preloads, code), { hidden: true })
    expect(run.appended.map((a) => a.href ?? a.type)).toEqual([...preloads, 'module'])
  })

  it('adds the module preloads five per task, then the module script', () => {
    const many = Array.from({ length: 12 }, (_, i) => `/assets/chunk-${i}.js`)
    const run = runScript(appLoaderScript(many, code), { hidden: true })
    expect(run.appended.map((a) => a.href)).toEqual(many.slice(0, 5))
    run.runTimers(0)
    expect(run.appended.map((a) => a.href ?? a.type)).toEqual([...many, 'module'])
  })

  it('cannot close its own <script> element, whatever the module code holds', () => {
    const hostile = 'const s = "</script><script>alert(1)</script>\u2028"'
    const script = appLoaderScript(['/a.js'], hostile)
    expect(script).not.toMatch(/<\/script/i)
    expect(script).not.toMatch(/[\u2028\u2029]/)
    const run = runScript(script, { hidden: true })
    run.runTimers(0)
    expect(run.appended.at(-1)?.textContent).toBe(hostile)
  })
})
