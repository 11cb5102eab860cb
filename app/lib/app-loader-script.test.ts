import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { appLoaderScript } from './app-loader-script'

type Appended = { tag: string; rel?: string; href?: string; type?: string; nonce?: string; textContent?: string }

/** Runs the inline script in a fresh global holding only what it touches; frames and timers run when asked. */
function runScript(script: string, options: { hidden?: boolean; nonce?: string } = {}) {
  const appended: Appended[] = []
  const frames: (() => void)[] = []
  const timers: (() => void)[] = []
  const document = {
    visibilityState: options.hidden ? 'hidden' : 'visible',
    currentScript: options.nonce ? { nonce: options.nonce } : null,
    createElement: (tag: string) => ({ tag }) as Appended,
    head: { appendChild: (node: Appended) => appended.push({ ...node }) },
  }
  vm.runInNewContext(script, {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  })
  return {
    appended,
    nextFrame: () => {
      for (const frame of frames.splice(0)) frame()
    },
    runTimers: () => {
      for (const timer of timers.splice(0)) timer()
    },
  }
}

const preloads = ['/assets/entry.client-a.js', '/assets/framework-b.js']
const code = 'import * as route0 from "/assets/root-c.js";\nimport("/assets/entry.client-a.js");'

describe('appLoaderScript', () => {
  it('requests nothing until the frame after the first one has been drawn', () => {
    const run = runScript(appLoaderScript(preloads, code), { nonce: 'n0nce' })
    expect(run.appended).toEqual([])
    run.nextFrame()
    expect(run.appended).toEqual([])
    run.runTimers()
    expect(run.appended).toEqual([
      { tag: 'link', rel: 'modulepreload', href: preloads[0] },
      { tag: 'link', rel: 'modulepreload', href: preloads[1] },
      { tag: 'script', type: 'module', nonce: 'n0nce', textContent: code },
    ])
  })

  it('starts at once in a background tab, where no frame is drawn', () => {
    const run = runScript(appLoaderScript(preloads, code), { hidden: true })
    expect(run.appended.map((a) => a.href ?? a.type)).toEqual([...preloads, 'module'])
  })

  it('cannot close its own <script> element, whatever the module code holds', () => {
    const hostile = 'const s = "</script><script>alert(1)</script>\u2028"'
    const script = appLoaderScript(['/a.js'], hostile)
    expect(script).not.toMatch(/<\/script/i)
    expect(script).not.toMatch(/[\u2028\u2029]/)
    const run = runScript(script, { hidden: true })
    expect(run.appended.at(-1)?.textContent).toBe(hostile)
  })
})
