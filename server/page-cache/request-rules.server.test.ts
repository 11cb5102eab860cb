import { describe, expect, it } from 'vitest'
import { authCookiePrefixOf, hasAuthCookie, judgeAddress, judgeRequest } from './request-rules.server.ts'

const judge = (path: string, cookie?: string, method = 'GET') => judgeRequest(method, path, cookie, 'ramapo')

describe('which requests the page cache may answer', () => {
  it('answers and fills a plain GET of a canonical address; a HEAD is answered but never fills', () => {
    expect(judge('/')).toEqual({ use: true, key: '/', fill: true })
    expect(judge('/services/managed-it')).toEqual({ use: true, key: '/services/managed-it', fill: true })
    expect(judge('/it-support-suffern-ny', undefined, 'HEAD')).toEqual({
      use: true,
      key: '/it-support-suffern-ny',
      fill: false,
    })
  })

  it('never serves a request carrying a session cookie, with or without the https prefixes', () => {
    for (const cookie of [
      'ramapo.session_token=abc.def',
      '__Secure-ramapo.session_token=abc',
      '__Host-ramapo.session_token=abc',
      '_ga=GA1.1; ramapo.dont_remember=true',
      'theme=dark;ramapo.session_data=x',
    ]) {
      expect(judge('/', cookie), cookie).toEqual({ use: false, reason: 'signed-in' })
    }
    // Cookies of the tag layer or others are no reason to render again.
    expect(judge('/', '_ga=GA1.1.2; _gid=3; ramapo_other=1')).toMatchObject({ use: true })
  })

  it('judges the address alone the same way for a signed-in visitor (their public pages are kept per account)', () => {
    expect(judgeAddress('GET', '/services/managed-it')).toEqual({ use: true, key: '/services/managed-it', fill: true })
    expect(judgeAddress('HEAD', '/terms')).toEqual({ use: true, key: '/terms', fill: false })
    expect(judgeAddress('GET', '/terms?utm_source=news')).toEqual({ use: true, key: '/terms', fill: false })
    expect(judgeAddress('GET', '/book?service=managed-it')).toEqual({ use: false, reason: 'query' })
    expect(judgeAddress('GET', '/Terms')).toEqual({ use: false, reason: 'path' })
    expect(judgeAddress('POST', '/terms')).toEqual({ use: false, reason: 'method' })
  })

  it('serves a query of campaign tags only, from the plain address, and never fills from it', () => {
    expect(judge('/?utm_source=news&utm_medium=article&fbclid=x1')).toEqual({ use: true, key: '/', fill: false })
    expect(judge('/blog/a-post?gclid=abc')).toEqual({ use: true, key: '/blog/a-post', fill: false })
  })

  it('renders any page asked with another query: the page may read it', () => {
    expect(judge('/book?service=managed-it')).toEqual({ use: false, reason: 'query' })
    expect(judge('/blog?page=2')).toEqual({ use: false, reason: 'query' })
    expect(judge('/?token=abc&utm_source=mail')).toEqual({ use: false, reason: 'query' })
  })

  it('keeps one spelling per page: other cases, trailing slashes, dots and escapes are rendered', () => {
    for (const path of ['/Services/managed-it', '/services/managed-it/', '//x', '/a/../b', '/caf%C3%A9', '/a.txt']) {
      expect(judge(path), path).toEqual({ use: false, reason: 'path' })
    }
    expect(judge(`/${'a'.repeat(250)}`)).toEqual({ use: false, reason: 'path' })
  })

  it('leaves every other method alone', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
      expect(judge('/', undefined, method)).toEqual({ use: false, reason: 'method' })
    }
  })
})

describe('the auth cookie prefix', () => {
  it('comes from the session cookie name, over http and https', () => {
    expect(authCookiePrefixOf('ramapo.session_token')).toBe('ramapo')
    expect(authCookiePrefixOf('__Secure-ramapo.session_token')).toBe('ramapo')
    expect(hasAuthCookie('a=1; __Secure-ramapo.session_token=2', authCookiePrefixOf('ramapo.session_token'))).toBe(true)
  })
})
