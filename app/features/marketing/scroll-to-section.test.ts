import { describe, expect, it, vi } from 'vitest'
import {
  isPlainLeftClick,
  planSectionScroll,
  scrollBehaviorFor,
  scrollToSection,
  sectionIdFromHref,
} from './scroll-to-section'

describe('sectionIdFromHref', () => {
  it.each([
    ['/#industries', 'industries'],
    ['#why-choose-us', 'why-choose-us'],
    ['/?utm_source=mail#contact', 'contact'],
    ['/#why%2Dchoose-us', 'why-choose-us'],
  ])('reads the section of %s', (href, id) => {
    expect(sectionIdFromHref(href)).toBe(id)
  })

  it.each([
    ['/', 'no hash'],
    ['/#', 'an empty hash'],
    ['/blog#industries', 'another page'],
    ['/#1-industries', 'an id starting with a digit'],
    ['/#a b', 'an id with a space'],
    ['/#%E0%A4%A', 'a malformed escape'],
    ['/#x"],[onclick', 'selector characters'],
  ])('ignores %s (%s)', (href) => {
    expect(sectionIdFromHref(href)).toBeNull()
  })
})

describe('planSectionScroll', () => {
  it('scrolls in place after 150 ms on the home page', () => {
    expect(planSectionScroll('/')).toEqual({ navigateHome: false, delayMs: 150 })
  })

  it('goes home first and scrolls after 100 ms from another page', () => {
    expect(planSectionScroll('/blog')).toEqual({ navigateHome: true, delayMs: 100 })
    expect(planSectionScroll('/services/cybersecurity')).toEqual({ navigateHome: true, delayMs: 100 })
  })
})

describe('scrollBehaviorFor', () => {
  it('scrolls smoothly by default and jumps when reduced motion is preferred', () => {
    expect(scrollBehaviorFor(false)).toBe('smooth')
    expect(scrollBehaviorFor(true)).toBe('instant')
  })
})

describe('isPlainLeftClick', () => {
  const plain = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false }
  it('accepts a plain primary click', () => {
    expect(isPlainLeftClick(plain)).toBe(true)
  })
  it.each([{ button: 1 }, { metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }])(
    'leaves %o to the browser',
    (change) => {
      expect(isPlainLeftClick({ ...plain, ...change })).toBe(false)
    },
  )
})

describe('scrollToSection', () => {
  function fakeSection(attributes: Record<string, string> = {}) {
    const attrs = new Map(Object.entries(attributes))
    return {
      scrollIntoView: vi.fn(),
      focus: vi.fn(),
      hasAttribute: (name: string) => attrs.has(name),
      setAttribute: (name: string, value: string) => attrs.set(name, value),
      attrs,
    }
  }
  const docWith = (id: string, element: ReturnType<typeof fakeSection>) => ({
    getElementById: (wanted: string) => (wanted === id ? (element as unknown as HTMLElement) : null),
  })

  it('scrolls the section into view and moves focus to it without a second jump', () => {
    const section = fakeSection()
    expect(scrollToSection('industries', { behavior: 'smooth', doc: docWith('industries', section) })).toBe(true)
    expect(section.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' })
    expect(section.attrs.get('tabindex')).toBe('-1')
    expect(section.focus).toHaveBeenCalledWith({ preventScroll: true })
  })

  it('keeps an existing tabindex and can leave focus alone', () => {
    const section = fakeSection({ tabindex: '0' })
    scrollToSection('contact', { behavior: 'instant', focus: false, doc: docWith('contact', section) })
    expect(section.scrollIntoView).toHaveBeenCalledWith({ behavior: 'instant', block: 'start' })
    expect(section.attrs.get('tabindex')).toBe('0')
    expect(section.focus).not.toHaveBeenCalled()
  })

  it('reports a section that is not on the page', () => {
    expect(scrollToSection('missing', { doc: docWith('industries', fakeSection()) })).toBe(false)
  })
})
