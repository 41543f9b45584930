/**
 * Plausible pages for the demo recordings, as rrweb serializes a document (rrweb-snapshot's node
 * types), with the ids and rough positions of what a visitor can click and type into.
 */

export interface SerializedNode {
  type: number
  id: number
  tagName?: string
  attributes?: Record<string, string>
  childNodes?: SerializedNode[]
  textContent?: string
  isStyle?: boolean
  name?: string
  publicId?: string
  systemId?: string
}

/** Something on the page a visitor acts on: its node id and where it sits in the viewport's coordinates. */
export interface Target {
  id: number
  x: number
  y: number
}

export interface DemoPage {
  node: SerializedNode
  /** The document node (what a page scroll targets). */
  documentId: number
  clickables: Target[]
  inputs: Target[]
  height: number
}

// rrweb-snapshot's NodeType.
const DOCUMENT = 0
const DOCTYPE = 1
const ELEMENT = 2
const TEXT = 3

type Card = [title: string, text: string, action: string]
interface Content {
  title: string
  lead: string
  fields: string[]
  primary: string
  cards: Card[]
}

const CARDS: Card[] = [
  ['Fast setup', 'Install the snippet and see your first events in minutes.', 'Read the guide'],
  ['Team plans', 'Invite your whole team and share dashboards.', 'Compare plans'],
  ['Integrations', 'Connect your warehouse, CRM and support tools.', 'Browse integrations'],
]

const CONTENT: Record<string, Content> = {
  '/': {
    title: 'Ship faster with Example',
    lead: 'Analytics, feature flags and experiments in one place.',
    fields: ['Work email'],
    primary: 'Get started free',
    cards: CARDS,
  },
  '/pricing': {
    title: 'Simple, usage-based pricing',
    lead: 'Start free. Pay only for what you use after the first million events.',
    fields: [],
    primary: 'Start for free',
    cards: [
      ['Free', '1M events a month, 1 project, community support.', 'Choose Free'],
      ['Pro', 'Unlimited projects, 5M events, email support.', 'Choose Pro'],
      ['Enterprise', 'SSO, audit logs, dedicated support.', 'Talk to sales'],
    ],
  },
  '/signup': {
    title: 'Create your account',
    lead: 'No credit card required.',
    fields: ['Full name', 'Work email', 'Password'],
    primary: 'Create account',
    cards: [],
  },
  '/login': {
    title: 'Welcome back',
    lead: 'Log in to continue to your workspace.',
    fields: ['Email', 'Password'],
    primary: 'Log in',
    cards: [],
  },
  '/checkout': {
    title: 'Checkout',
    lead: 'Review your order and enter your payment details.',
    fields: ['Name on card', 'Card number', 'Expiry', 'Postcode'],
    primary: 'Pay now',
    cards: [['Order summary', 'Pro plan, billed monthly: $49.00', 'Apply coupon']],
  },
  '/blog/launch-week': {
    title: 'Launch week: everything we shipped',
    lead: 'Five days, five launches. Here is the recap.',
    fields: [],
    primary: 'Subscribe to updates',
    cards: [
      ['Day 1: Dashboards', 'Drag-and-drop dashboards with live tiles.', 'Read more'],
      ['Day 2: Exports', 'Scheduled exports to S3, BigQuery and Postgres.', 'Read more'],
      ['Day 3: Replay', 'Watch what users did, with console logs.', 'Read more'],
    ],
  },
  '/docs/getting-started': {
    title: 'Getting started',
    lead: 'Install the SDK, identify users and send your first event.',
    fields: ['Search the docs'],
    primary: 'Copy snippet',
    cards: [
      ['JavaScript', 'npm install example-js', 'Open guide'],
      ['Python', 'pip install example', 'Open guide'],
      ['Go', 'go get example.com/sdk', 'Open guide'],
    ],
  },
  '/settings/billing': {
    title: 'Billing',
    lead: 'Manage your plan, payment method and invoices.',
    fields: ['Billing email', 'VAT number'],
    primary: 'Save changes',
    cards: [['Current plan: Pro', 'Renews on the 1st of next month.', 'Change plan']],
  },
  '/dashboard': {
    title: 'Dashboard',
    lead: 'Your key metrics for the last 7 days.',
    fields: [],
    primary: 'New insight',
    cards: [
      ['Weekly active users', '12,480 (+8.2%)', 'Open'],
      ['Conversion', '3.9% (-0.4%)', 'Open'],
      ['Revenue', '$48,210 (+12%)', 'Open'],
    ],
  },
  '/products/42': {
    title: 'Ergonomic office chair',
    lead: 'Breathable mesh, adjustable lumbar support. $349.',
    fields: ['Quantity'],
    primary: 'Add to cart',
    cards: [['Reviews', '4.6 out of 5 from 212 reviews.', 'Read reviews']],
  },
}

const ACCENTS: Record<string, string> = {
  'app.example.com': '#4f46e5',
  'www.example.com': '#0f766e',
  'shop.example.com': '#c2410c',
}

const css = (accent: string) =>
  `*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2330;background:#f7f8fa}` +
  `header{display:flex;align-items:center;gap:24px;height:64px;padding:0 24px;background:#fff;border-bottom:1px solid #e3e6ec}` +
  `.logo{font-weight:700;color:${accent}}nav{display:flex;gap:20px;flex:1}nav a{color:#4a5063;text-decoration:none}` +
  `main{max-width:960px;margin:0 auto;padding:40px 24px}h1{font-size:32px;margin:0 0 8px}.lead{color:#5b6275;margin:0 0 28px}` +
  `form{display:grid;gap:14px;max-width:420px;margin-bottom:36px}label{display:grid;gap:6px;font-weight:500}` +
  `input{font:inherit;padding:9px 12px;border:1px solid #cfd4de;border-radius:8px;background:#fff}` +
  `button{font:inherit;font-weight:600;padding:10px 16px;border:0;border-radius:8px;background:${accent};color:#fff;cursor:pointer}` +
  `.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(240px,1fr));gap:16px}` +
  `.card{background:#fff;border:1px solid #e3e6ec;border-radius:12px;padding:20px}.card h2{font-size:17px;margin:0 0 6px}` +
  `.card button{background:#eef0f5;color:#1f2330}footer{padding:48px 24px;color:#7a8092;text-align:center}` +
  `.notes p{color:#5b6275;max-width:640px}`

const NOTES = [
  'Teams use Example to understand how people use their product, from the first visit to the hundredth.',
  'Every event carries the properties you send, plus the browser, location and referrer.',
  'Dashboards refresh every few minutes; exports run on the schedule you choose.',
]

/** Builds the page at `url` (any path; unknown ones get the home page) for a viewport `width` wide. */
export function buildDemoPage(url: string, width: number): DemoPage {
  const parsed = new URL(url)
  const content = CONTENT[parsed.pathname] ?? CONTENT['/']!
  const accent = ACCENTS[parsed.hostname] ?? '#4f46e5'
  const narrow = width < 700
  let nextId = 1
  const id = () => nextId++
  const text = (textContent: string): SerializedNode => ({ type: TEXT, id: id(), textContent })
  const el = (tagName: string, attributes: Record<string, string> = {}, ...childNodes: SerializedNode[]) => {
    const node: SerializedNode = { type: ELEMENT, id: id(), tagName, attributes, childNodes }
    return node
  }
  const clickables: Target[] = []
  const inputs: Target[] = []
  const clickable = (node: SerializedNode, x: number, y: number) => (clickables.push({ id: node.id, x, y }), node)

  const documentId = id()
  const doctype: SerializedNode = { type: DOCTYPE, id: id(), name: 'html', publicId: '', systemId: '' }
  const style = el('style', {}, { type: TEXT, id: id(), textContent: css(accent), isStyle: true })
  const head = el(
    'head',
    {},
    el('meta', { charset: 'utf-8' }),
    el('title', {}, text(`${content.title} · Example`)),
    style,
  )

  const origin = parsed.origin
  const navItems: [string, string][] = [
    ['Product', '/'],
    ['Pricing', '/pricing'],
    ['Docs', '/docs/getting-started'],
    ['Blog', '/blog/launch-week'],
  ]
  const nav = el('nav', { 'aria-label': 'Main' })
  if (!narrow) {
    navItems.forEach(([label, path], i) =>
      nav.childNodes!.push(clickable(el('a', { href: `${origin}${path}` }, text(label)), 150 + i * 84, 32)),
    )
  }
  const header = el('header', {}, el('span', { class: 'logo' }, text('Example')), nav)
  if (narrow)
    header.childNodes!.push(
      clickable(el('button', { type: 'button', 'aria-label': 'Menu' }, text('☰')), width - 40, 32),
    )
  else header.childNodes!.push(clickable(el('a', { href: `${origin}/login` }, text('Log in')), width - 90, 32))

  let y = 64 + 40 + 48 + 52 // header, padding, heading, lead
  const main = el('main', {}, el('h1', {}, text(content.title)), el('p', { class: 'lead' }, text(content.lead)))
  // Every page has something to type into: its form, or a search box.
  const fields = content.fields.length ? content.fields : ['Search']
  const form = el('form', { action: `${origin}${parsed.pathname}`, method: 'post' })
  for (const label of fields) {
    const secret = /password|card/i.test(label)
    const input = el('input', {
      type: secret ? 'password' : /email/i.test(label) ? 'email' : 'text',
      name: label.toLowerCase().replace(/\W+/g, '_'),
      placeholder: label,
      autocomplete: 'off',
    })
    inputs.push({ id: input.id, x: 24 + 160, y: y + 40 })
    form.childNodes!.push(el('label', {}, text(label), input))
    y += 72
  }
  form.childNodes!.push(clickable(el('button', { type: 'submit' }, text(content.primary)), 24 + 70, y + 20))
  y += 60 + 36
  main.childNodes!.push(form)

  if (content.cards.length) {
    const columns = narrow ? 1 : Math.min(3, content.cards.length)
    const cardWidth = (Math.min(width, 960) - 48 - (columns - 1) * 16) / columns
    const grid = el('div', { class: 'cards' })
    content.cards.forEach(([title, body, action], i) => {
      const column = i % columns
      const top = y + Math.floor(i / columns) * 176
      const button = clickable(
        el('button', { type: 'button' }, text(action)),
        24 + column * (cardWidth + 16) + 80,
        top + 130,
      )
      grid.childNodes!.push(
        el('section', { class: 'card' }, el('h2', {}, text(title)), el('p', {}, text(body)), button),
      )
    })
    y += Math.ceil(content.cards.length / columns) * 176
    main.childNodes!.push(grid)
  }
  const notes = el('div', { class: 'notes' }, el('h2', {}, text('How it works')))
  for (const note of NOTES) notes.childNodes!.push(el('p', {}, text(note)))
  main.childNodes!.push(notes)
  y += 60 + NOTES.length * 60
  const footer = el('footer', {}, text('© Example Inc. · Privacy · Terms'))
  const body = el('body', {}, header, main, footer)
  const html = el('html', { lang: 'en' }, head, body)
  const node: SerializedNode = { type: DOCUMENT, id: documentId, childNodes: [doctype, html] }
  return { node, documentId, clickables, inputs, height: y + 140 }
}
