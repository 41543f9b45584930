import { EVENT, SOURCE, type RrwebEvent } from './rrweb-event'

/**
 * Captured data is untrusted: anyone holding a project's token can post a snapshot stream. The replay
 * iframe is sandboxed without allow-scripts and the page's CSP allows only its own scripts; on top of
 * that (rrweb rebuilds what it is given — rrweb #1528, #1817), the DOM a stream builds is defused
 * before the replayer sees it, as OpenReplay's player does (PR 4725): no script text or src, no `on*`
 * handlers, no javascript:/vbscript:/non-image data: URLs, no iframe/object sources or srcdoc, no
 * meta refresh, no <base>, no form targets.
 */

// rrweb-snapshot's NodeType.
const ELEMENT = 2
const TEXT = 3

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = Record<string, any>
type Attributes = Record<string, unknown>

const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'xlink:href',
  'action',
  'formaction',
  'poster',
  'background',
  'lowsrc',
  'dynsrc',
  'ping',
  'data',
  'codebase',
  'cite',
  'longdesc',
  'manifest',
  'icon',
  'archive',
  'classid',
  'srcset',
  'imagesrcset',
  'rr_dataurl',
])
/** SVG animation can set an attribute (say href) to any of these values. */
const ANIMATION_ATTRIBUTES = new Set(['values', 'to', 'from', 'by'])
const EMBEDDING_TAGS = new Set(['iframe', 'frame', 'object', 'embed', 'portal', 'applet', 'fencedframe'])
const NETWORK_LINK_RELS = /\b(import|prefetch|preload|modulepreload|preconnect|dns-prefetch|prerender)\b/i

/** The value with the characters browsers ignore in a URL scheme removed (tabs, newlines, controls). */
// eslint-disable-next-line no-control-regex
const squeeze = (value: string) => value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase()

/** A URL that would run code or render markup: javascript:, vbscript:, or data: that is not an image. */
export function isDangerousUrl(value: string): boolean {
  const v = squeeze(value)
  return (
    /^(javascript|vbscript):/.test(v) ||
    (v.startsWith('data:') && !/^data:image\/(png|gif|jpe?g|webp|avif|bmp|svg\+xml)[;,]/.test(v))
  )
}

const dangerousCss = (value: string) => /expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:/i.test(value)

function dropAttribute(tag: string, name: string, value: unknown, attributes: Attributes): boolean {
  const n = name.toLowerCase()
  if (n.startsWith('on') || n.startsWith('_on') || n === 'srcdoc') return true
  if (EMBEDDING_TAGS.has(tag) && ['src', 'data', 'href', 'code', 'codebase', 'archive', 'classid'].includes(n))
    return true
  if (tag === 'script' && (n === 'src' || n === 'href' || n === 'xlink:href')) return true
  if (tag === 'meta' && (n === 'http-equiv' || (n === 'content' && 'http-equiv' in attributes))) return true
  if (tag === 'base' && (n === 'href' || n === 'target')) return true
  if (n === 'action' || n === 'formaction' || n === 'formtarget') return true
  if (tag === 'link' && n === 'href' && NETWORK_LINK_RELS.test(String(attributes.rel ?? ''))) return true
  if (typeof value === 'string') {
    if (n === 'srcset' || n === 'imagesrcset')
      return value.split(',').some((candidate) => isDangerousUrl(candidate.trim().split(/\s+/)[0] ?? ''))
    if (URL_ATTRIBUTES.has(n)) return isDangerousUrl(value)
    if (ANIMATION_ATTRIBUTES.has(n)) return /javascript:|vbscript:|data:/.test(squeeze(value))
    if (n === 'style') return dangerousCss(value)
  } else if (n === 'style' && value && typeof value === 'object') {
    // A style diff in a mutation: { property: value | [value, priority] }.
    return Object.values(value).some((v) => dangerousCss(Array.isArray(v) ? String(v[0]) : String(v)))
  }
  return false
}

function sanitizeAttributes(tag: string, attributes: unknown) {
  if (!attributes || typeof attributes !== 'object') return
  const map = attributes as Attributes
  const original = { ...map } // decisions may depend on siblings (meta's content on its http-equiv)
  for (const [name, value] of Object.entries(original)) if (dropAttribute(tag, name, value, original)) delete map[name]
}

/** A sanitizer for one stream: it remembers node tags across events (mutations name nodes by id). */
export function createSanitizer() {
  const tags = new Map<number, string>()
  const scriptTexts = new Set<number>()

  const walk = (root: Node, parentTag: string) => {
    const stack: [Node, string][] = [[root, parentTag]]
    while (stack.length) {
      const [node, parent] = stack.pop()!
      if (!node || typeof node !== 'object') continue
      let tag = parent
      if (node.type === ELEMENT) {
        tag = String(node.tagName ?? '').toLowerCase()
        if (typeof node.id === 'number') tags.set(node.id, tag)
        sanitizeAttributes(tag, node.attributes)
      } else if (node.type === TEXT && parent === 'script') {
        node.textContent = ''
        if (typeof node.id === 'number') scriptTexts.add(node.id)
      }
      if (Array.isArray(node.childNodes)) for (const child of node.childNodes) stack.push([child, tag])
      // A same-origin iframe's document is recorded inside it.
      if (node.contentDocument) stack.push([node.contentDocument, ''])
    }
  }

  return (event: RrwebEvent): RrwebEvent => {
    const data = event.data
    if (event.type === EVENT.fullSnapshot && data?.node) walk(data.node, '')
    else if (event.type === EVENT.incremental && data?.source === SOURCE.mutation) {
      for (const add of Array.isArray(data.adds) ? data.adds : [])
        if (add?.node) walk(add.node, tags.get(add.parentId) ?? '')
      for (const change of Array.isArray(data.attributes) ? data.attributes : [])
        sanitizeAttributes(tags.get(change?.id) ?? '', change?.attributes)
      for (const text of Array.isArray(data.texts) ? data.texts : []) if (scriptTexts.has(text?.id)) text.value = ''
    }
    return event
  }
}
