import { describe, expect, it } from 'vitest'
import { translateRegex } from './regex'

/** Translates, insists on success with an RE2-safe source (no lookaround, named groups or backreferences). */
const compile = (description: string) => {
  const { result, data } = translateRegex(description)
  expect(result, data.output).toBe('success')
  expect(data.output).not.toMatch(/\(\?<?[=!]|\(\?<\w|\\[1-9]|\\k</)
  expect(() => new RegExp(data.output, 'u')).not.toThrow()
  return new RegExp(data.output)
}

const expectMatches = (description: string, yes: string[], no: string[]) => {
  const re = compile(description)
  for (const url of yes) expect(re.test(url), `${re} should match ${url}`).toBe(true)
  for (const url of no) expect(re.test(url), `${re} should not match ${url}`).toBe(false)
}

describe('translateRegex', () => {
  it.each([
    [
      'urls containing checkout',
      ['https://shop.example.com/checkout', 'https://x.io/cart?step=checkout'],
      ['https://shop.example.com/cart', 'https://x.io/Checkout'],
    ],
    [
      'pages under /blog',
      ['https://example.com/blog', 'https://example.com/blog/post-1', 'https://example.com/blog?page=2', '/blog/x'],
      ['https://example.com/blogger', 'https://example.com/en/blog', 'https://blog.example.com/'],
    ],
    [
      'starts with https://app.example.com',
      ['https://app.example.com/settings', 'https://app.example.com'],
      ['http://app.example.com/', 'https://www.example.com/app.example.com', 'https://appXexample.com'],
    ],
    [
      'ends with .pdf',
      ['https://cdn.example.com/guide.pdf'],
      ['https://cdn.example.com/guide.pdf?dl=1', 'https://x.io/pdf'],
    ],
    [
      'any url with a query parameter utm_source',
      [
        'https://example.com/?utm_source=google',
        'https://example.com/a?x=1&utm_source=mail',
        'https://e.com/?utm_source',
      ],
      ['https://example.com/utm_source', 'https://example.com/?utm_source_id=1', 'https://example.com/?xutm_source=1'],
    ],
    [
      'pricing or signup pages',
      ['https://example.com/pricing', 'https://example.com/signup?plan=pro', 'https://example.com/en/pricing'],
      ['https://example.com/', 'https://example.com/blog/price'],
    ],
    [
      'urls on example.com',
      ['https://example.com', 'https://www.example.com/a', 'http://app.example.com:8080/x'],
      [
        'https://notexample.com/',
        'https://example.com.evil.io/',
        'https://evil.io/?next=example.com',
        'https://example.com@evil.io/',
      ],
    ],
    [
      'numeric ids like /users/123',
      ['https://example.com/users/1', 'https://example.com/users/98765/edit'],
      ['https://example.com/users/me', 'https://example.com/users/12ab', 'https://example.com/superusers/1'],
    ],
    [
      'email addresses',
      ['https://example.com/?email=jane.doe+test@example.co.uk', 'mailto:bob@example.com'],
      ['https://example.com/@handle'],
    ],
    ['anything', ['', 'https://example.com/'], []],
    ['match all urls', ['https://example.com/anything'], []],
    ['containing checkout or cart', ['https://x.io/cart', 'https://x.io/checkout'], ['https://x.io/basket']],
    ['pages under /blog or /docs', ['https://x.io/docs/a', 'https://x.io/blog'], ['https://x.io/doc']],
    [
      'on example.com and under /blog',
      ['https://example.com/blog/a', 'https://www.example.com/blog'],
      ['https://example.com/docs/blog', 'https://other.io/blog'],
    ],
    ['https urls on example.com', ['https://example.com/x'], ['http://example.com/x']],
    ['subdomains of example.com', ['https://app.example.com/'], ['https://example.com/']],
    ['urls on example.com/blog', ['https://example.com/blog/1'], ['https://example.com/blogs']],
    ['urls containing checkout on example.com', ['https://example.com/a/checkout'], ['https://x.io/checkout']],
    [
      'pdf or docx files',
      ['https://x.io/a.pdf', 'https://x.io/b.docx?v=2'],
      ['https://x.io/a.pdfx', 'https://x.io/pdf'],
    ],
    [
      'the homepage',
      ['https://example.com', 'https://example.com/', 'https://example.com/?ref=ad'],
      ['https://example.com/a'],
    ],
    ['with utm_source=google', ['https://x.io/?utm_source=google&a=1'], ['https://x.io/?utm_source=googlex']],
    ['utm parameters', ['https://x.io/?utm_campaign=spring'], ['https://x.io/utm']],
    [
      'urls that contain checkout and cart',
      ['https://x.io/cart/checkout', 'https://x.io/checkout?from=cart'],
      ['https://x.io/cart'],
    ],
    [
      'starts with /blog',
      ['https://example.com/blog', 'https://example.com/blogger', '/blog'],
      ['https://example.com/a/blog'],
    ],
    [
      'exactly /pricing',
      ['https://example.com/pricing', 'https://example.com/pricing/?a=1'],
      ['https://example.com/pricing/x'],
    ],
    ['exactly hello', ['hello'], ['hello world']],
    ['without a query string', ['https://example.com/a#top'], ['https://example.com/a?b=1']],
    ['links like https://example.com/orders/42', ['https://example.com/orders/7'], ['https://example.com/orders/new']],
    ['uuids', ['https://x.io/r/0c4f6a2e-3b1d-4e8f-9a7b-1c2d3e4f5a6b'], ['https://x.io/r/123']],
    ['on example.com or example.org', ['https://example.org/', 'https://example.com/'], ['https://example.net/']],
    [
      'under /blog and with utm_source parameter',
      ['https://x.io/blog/a?utm_source=1'],
      ['https://x.io/blog/a', 'https://x.io/x?utm_source=1'],
    ],
    ['homepage with utm parameters', ['https://x.io/?utm_medium=cpc'], ['https://x.io/a?utm_medium=cpc']],
    [
      'starts with /checkout and ends with /success',
      ['https://x.io/checkout/1/success'],
      ['https://x.io/checkout/1/failed'],
    ],
    ['images', ['https://x.io/a.png', 'https://x.io/b.jpeg?w=2'], ['https://x.io/png']],
    ['contains CHECKOUT case insensitive', ['https://x.io/checkout', 'https://x.io/CheckOut'], ['https://x.io/check']],
  ])('%s', (description, yes, no) => expectMatches(description, yes, no))

  it('escapes dots, slashes, question marks and other metacharacters in literals', () => {
    expect(translateRegex('contains ?ref=').data.output).toBe('\\?ref=')
    expect(translateRegex('ends with .pdf').data.output).toBe('\\.pdf$')
    expect(translateRegex('starts with https://app.example.com').data.output).toBe('^https:\\/\\/app\\.example\\.com')
    expect(translateRegex('contains "a+b (c)|[d]*{e}^$\\"').data.output).toBe(
      'a\\+b \\(c\\)\\|\\[d\\]\\*\\{e\\}\\^\\$\\\\',
    )
    expectMatches('contains "1.0"', ['https://x.io/v1.0/'], ['https://x.io/v1x0/'])
    expectMatches('contains "a+b (c)"', ['https://x.io/a+b (c)'], ['https://x.io/aab c'])
  })

  it('keeps quoted phrases literal, even words that would otherwise be keywords', () => {
    expectMatches(
      'contains "not found" or "ends with"',
      ['https://x.io/not found', 'https://x.io/ends with'],
      ['https://x.io/'],
    )
    expect(translateRegex("urls containing the word 'or'").data.output).toBe('or')
  })

  it.each([
    'recordings from yesterday',
    'checkout',
    'sessions longer than 2 minutes',
    'blah blah',
    'give me a regex',
    'https://example.com/blog',
    '',
  ])('answers an error with example phrasings for %j', (description) => {
    const { result, data } = translateRegex(description)
    expect(result).toBe('error')
    expect(data.output).toContain(`Could not turn "${description}" into a pattern.`)
    expect(data.output).toMatch(/Try phrases like "contains checkout", "starts with \/blog", "ends with \.pdf"/)
  })

  it.each([
    'urls not containing checkout',
    'pages without checkout',
    'anything except /admin',
    "urls that don't end with .pdf",
  ])('refuses negation %j, which RE2 cannot express without lookahead', (description) => {
    const { result, data } = translateRegex(description)
    expect(result).toBe('error')
    expect(data.output).toContain('lookahead')
  })

  it('does not mistake domains or hyphenated words for negations', () => {
    expectMatches('on example.no', ['https://www.example.no/'], ['https://example.com/'])
    expectMatches('contains no-reply', ['https://x.io/no-reply'], ['https://x.io/reply'])
  })

  it('refuses conditions that cannot hold together instead of inventing a pattern', () => {
    const { result, data } = translateRegex('on example.com and on example.org')
    expect(result).toBe('error')
    expect(data.output).toContain('cannot be combined')
  })

  it('is deterministic', () => {
    const inputs = ['pricing or signup pages', 'urls on example.com', 'nonsense words', 'email addresses']
    for (const input of inputs) expect(translateRegex(input)).toEqual(translateRegex(input))
  })

  it('stays fast on adversarial input of the maximum length', () => {
    const started = performance.now()
    for (const unit of ['on ', 'contains a with ', 'in ', 'starts with '])
      translateRegex(unit.repeat(200).slice(0, 500))
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('truncates very long descriptions in the error message', () => {
    const { data } = translateRegex('x'.repeat(400))
    expect(data.output.length).toBeLessThan(500)
    expect(data.output).toContain('…')
  })
})
