import { describe, expect, it } from 'vitest'
import { createSanitizer, isDangerousUrl } from './sanitize-events'

// A hostile recording, as anyone with the project token could post it (rrweb-snapshot node types:
// 0 document, 2 element, 3 text).
const el = (id: number, tagName: string, attributes: Record<string, unknown> = {}, childNodes: object[] = []) => ({
  type: 2,
  id,
  tagName,
  attributes,
  childNodes,
})
const text = (id: number, textContent: string) => ({ type: 3, id, textContent })

function hostileSnapshot() {
  return {
    type: 2,
    timestamp: 1,
    data: {
      node: {
        type: 0,
        id: 1,
        childNodes: [
          el(2, 'html', {}, [
            el(3, 'head', {}, [
              el(4, 'meta', { 'http-equiv': 'refresh', content: '0;url=javascript:alert(1)' }),
              el(5, 'base', { href: 'https://evil.example/' }),
              el(6, 'script', { src: 'https://evil.example/x.js' }, [text(7, 'parent.alert(1)')]),
              el(8, 'link', { rel: 'prefetch', href: 'https://evil.example/track' }),
              el(9, 'link', { rel: 'stylesheet', href: 'https://cdn.example.com/site.css' }),
            ]),
            el(10, 'body', { onload: 'alert(1)', class: 'page' }, [
              el(11, 'a', { href: 'javascript:alert(1)', title: 'x' }, [text(12, 'click')]),
              el(13, 'a', { href: ' \tJaVa\nScRiPt:alert(1)' }),
              el(14, 'a', { href: 'https://example.com/ok' }),
              el(15, 'img', { src: 'x', onerror: 'parent.alert(1)', ONMOUSEOVER: 'alert(2)' }),
              el(16, 'iframe', { srcdoc: '<script>alert(1)</script>', src: 'https://evil.example' }),
              el(17, 'form', { action: 'javascript:alert(1)' }, [el(18, 'button', { formaction: 'javascript:1' })]),
              el(19, 'object', { data: 'data:text/html,<script>alert(1)</script>' }),
              el(20, 'img', { src: 'data:image/png;base64,AAAA', srcset: 'a.png 1x, javascript:alert(1) 2x' }),
              el(21, 'svg', {}, [el(22, 'animate', { attributeName: 'href', values: 'javascript:alert(1)' })]),
              el(23, 'div', { style: 'background:url(javascript:alert(1))' }),
              el(24, 'a', { href: 'data:text/html;base64,PHNjcmlwdD4=' }),
            ]),
          ]),
        ],
      },
    },
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function find(node: any, id: number): any {
  if (node.id === id) return node
  for (const child of node.childNodes ?? []) {
    const found = find(child, id)
    if (found) return found
  }
  return null
}

describe('sanitizing a captured stream before replay', () => {
  it('defuses scripts, handlers, javascript: URLs, frames, meta refresh and <base> in a full snapshot', () => {
    const event = createSanitizer()(hostileSnapshot())
    const root = event.data.node
    expect(find(root, 4).attributes).toEqual({})
    expect(find(root, 5).attributes).toEqual({})
    expect(find(root, 6).attributes).toEqual({})
    expect(find(root, 7).textContent).toBe('')
    expect(find(root, 8).attributes).toEqual({ rel: 'prefetch' })
    expect(find(root, 9).attributes).toEqual({ rel: 'stylesheet', href: 'https://cdn.example.com/site.css' })
    expect(find(root, 10).attributes).toEqual({ class: 'page' })
    expect(find(root, 11).attributes).toEqual({ title: 'x' })
    expect(find(root, 13).attributes).toEqual({})
    expect(find(root, 14).attributes).toEqual({ href: 'https://example.com/ok' })
    expect(find(root, 15).attributes).toEqual({ src: 'x' })
    expect(find(root, 16).attributes).toEqual({})
    expect(find(root, 17).attributes).toEqual({})
    expect(find(root, 18).attributes).toEqual({})
    expect(find(root, 19).attributes).toEqual({})
    expect(find(root, 20).attributes).toEqual({ src: 'data:image/png;base64,AAAA' })
    expect(find(root, 22).attributes).toEqual({ attributeName: 'href' })
    expect(find(root, 23).attributes).toEqual({})
    expect(find(root, 24).attributes).toEqual({})
  })

  it('defuses the same in mutations: added nodes, attribute changes and script text', () => {
    const sanitize = createSanitizer()
    sanitize(hostileSnapshot())
    const mutation = sanitize({
      type: 3,
      timestamp: 2,
      data: {
        source: 0,
        adds: [
          { parentId: 10, nextId: null, node: el(30, 'img', { src: 'y', onerror: 'alert(1)' }) },
          { parentId: 6, nextId: null, node: text(31, 'alert(2)') },
          { parentId: 10, nextId: null, node: el(32, 'script', {}, [text(33, 'alert(3)')]) },
        ],
        attributes: [
          { id: 14, attributes: { href: 'javascript:alert(1)', onclick: 'alert(1)', class: 'k' } },
          { id: 16, attributes: { src: 'https://evil.example', srcdoc: '<b>x</b>' } },
          { id: 4, attributes: { 'http-equiv': 'refresh' } },
          { id: 23, attributes: { style: { background: 'url(javascript:alert(1))' } } },
        ],
        texts: [{ id: 7, value: 'alert(4)' }],
        removes: [],
      },
    })
    expect(mutation.data.adds[0].node.attributes).toEqual({ src: 'y' })
    expect(mutation.data.adds[1].node.textContent).toBe('')
    expect(mutation.data.adds[2].node.childNodes[0].textContent).toBe('')
    expect(mutation.data.attributes.map((a: { attributes: object }) => a.attributes)).toEqual([
      { class: 'k' },
      {},
      {},
      {},
    ])
    expect(mutation.data.texts[0].value).toBe('')
  })

  it('leaves a plain recording as it was', () => {
    const page = {
      type: 2,
      timestamp: 1,
      data: {
        node: {
          type: 0,
          id: 1,
          childNodes: [el(2, 'a', { href: 'https://example.com/pricing', class: 'nav' }, [text(3, 'Pricing')])],
        },
      },
    }
    const before = JSON.stringify(page)
    expect(JSON.stringify(createSanitizer()(page))).toBe(before)
  })

  it.each([
    ['javascript:alert(1)', true],
    ['  JAVASCRIPT:alert(1)', true],
    ['java\u0000script:alert(1)', true],
    ['vbscript:msgbox', true],
    ['data:text/html,<script>', true],
    ['data:image/svg+xml;base64,AAA', false],
    ['https://example.com', false],
    ['/relative', false],
  ])('%j is dangerous: %s', (url, dangerous) => expect(isDangerousUrl(url)).toBe(dangerous))
})
