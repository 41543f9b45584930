import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chunkGroups } from './chunk-groups'
import { ROUTE_PRELOADS_FILE, routePreloads } from './route-preloads'

// A console in miniature, built for real with the two plugins: the landing routes chunk-groups knows,
// an area (batch exports) whose components each import their own stylesheet, a dialog loaded when first
// opened that shares the area's stylesheet and has one of its own, and a lazily loaded player with a
// stylesheet of its own.
const FILES: Record<string, string> = {
  'index.html': '<!doctype html><div id="root"></div><script type="module" src="/src/main.ts"></script>',
  'src/main.ts':
    "import { routes } from './app/routes'\nvoid routes.find((r) => r.path === location.pathname)?.lazy()\n",
  'src/app/routes.tsx': `export const routes = [
  { path: 'orgs', lazy: () => import('../features/organizations/organizations-page') },
  { path: 'orgs/:orgId/batch-exports', lazy: () => import('../features/batch-exports/batch-exports-page') },
  { path: 'orgs/:orgId/batch-exports/:exportId', lazy: () => import('../features/batch-exports/batch-export-page') },
  { path: 'projects/:projectId/recordings', lazy: () => import('../features/session-recordings/recordings-page') },
]
`,
  'src/features/organizations/organizations-page.ts': "export const page = 'orgs'\n",
  'src/features/session-recordings/recordings-page.ts': "export const page = 'recordings'\n",
  'src/features/batch-exports/batch-exports-page.ts':
    "import { cards } from './export-cards'\nexport const page = () => cards()\n",
  'src/features/batch-exports/export-cards.ts':
    "import { state } from './export-state'\nimport './export-cards.css'\nexport const cards = () => `cards ${state()}`\n",
  'src/features/batch-exports/export-cards.css': '.export-cards { display: flex; }\n',
  'src/features/batch-exports/export-state.ts': "import './batch-exports.css'\nexport const state = () => 'state'\n",
  'src/features/batch-exports/batch-exports.css': '.state-cell { gap: 8px; }\n',
  'src/features/batch-exports/batch-export-page.ts':
    "import { state } from './export-state'\nimport { logs } from './logs-panel'\nexport const page = () => [state(), logs(), import('./backfill-dialog'), import('./player/player')]\n",
  'src/features/batch-exports/backfill-dialog.ts':
    "import './batch-exports.css'\nimport './backfill-dialog.css'\nexport const dialog = 'dialog'\n",
  'src/features/batch-exports/backfill-dialog.css': '.backfill-runs { margin: 0; }\n',
  'src/features/batch-exports/logs-panel.ts': "import './logs-panel.css'\nexport const logs = () => 'logs'\n",
  'src/features/batch-exports/logs-panel.css': '.logs-table { width: 100%; }\n',
  'src/features/batch-exports/player/player.ts': "import './player.css'\nexport const player = 'player'\n",
  'src/features/batch-exports/player/player.css': '.player { display: grid; }\n',
}

let root: string
let outDir: string
const assets = () => readdirSync(join(outDir, 'assets'))
const preloads = () => JSON.parse(readFileSync(join(outDir, ROUTE_PRELOADS_FILE), 'utf8')) as Record<string, string[]>

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'aa-styles-'))
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  outDir = join(root, 'dist')
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [routePreloads(root), chunkGroups(root)],
    build: { outDir, minify: false },
  })
}, 60_000)

afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('an area of components with their own stylesheets, built', () => {
  it("puts the area's stylesheets in one CSS file, with no JS file of its own", () => {
    const css = assets().filter((f) => f.startsWith('batch-exports-styles-'))
    expect(css).toHaveLength(1)
    expect(css[0]).toMatch(/\.css$/)
    const text = readFileSync(join(outDir, 'assets', css[0]!), 'utf8')
    for (const rule of ['.export-cards', '.state-cell', '.logs-table']) expect(text).toContain(rule)
    expect(text).not.toContain('.player')
    expect(text).not.toContain('.backfill-runs')
    // Nor the comment Vite leaves in place of an import of a dropped file.
    for (const js of assets().filter((f) => f.endsWith('.js')))
      expect(readFileSync(join(outDir, 'assets', js), 'utf8')).not.toContain('empty css')
  })

  it('preloads, for each page of the area, files that exist, each once, with that one stylesheet', () => {
    const [styles] = assets().filter((f) => f.startsWith('batch-exports-styles-'))
    for (const route of ['orgs/:orgId/batch-exports', 'orgs/:orgId/batch-exports/:exportId']) {
      const files = preloads()[route]!
      expect(new Set(files).size).toBe(files.length)
      for (const file of files) expect(existsSync(join(outDir, file))).toBe(true)
      expect(files.filter((f) => f.endsWith('.css'))).toEqual([`/assets/${styles}`])
    }
  })

  it("leaves the stylesheets only a lazily loaded part reaches with that part (the dialog's, the player's)", () => {
    expect(assets().filter((f) => /^player-.*\.css$/.test(f))).toHaveLength(1)
    const dialog = assets().filter((f) => /^backfill-dialog-.*\.css$/.test(f))
    expect(dialog).toHaveLength(1)
    expect(readFileSync(join(outDir, 'assets', dialog[0]!), 'utf8')).not.toContain('.state-cell')
  })
})
