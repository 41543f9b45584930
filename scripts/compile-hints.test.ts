import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { afterAll, describe, expect, it } from 'vitest'
import { COMPILE_HINT, compileHints } from './compile-hints'

const root = mkdtempSync(join(tmpdir(), 'aa-compile-hints-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('compileHints (the build step)', () => {
  it("puts V8's hint first in every chunk a build writes but the excluded ones, ahead of Vite's preload helper", async () => {
    mkdirSync(join(root, 'src'))
    writeFileSync(join(root, 'index.html'), '<script type="module" src="/src/main.js"></script>')
    writeFileSync(
      join(root, 'src/main.js'),
      "import('./page.js').then((m) => m.page()); import('./player.js').then((m) => m.play())\n",
    )
    writeFileSync(join(root, 'src/page.js'), "import './page.css'\nexport const page = () => 'page'\n")
    writeFileSync(join(root, 'src/page.css'), 'p { color: red }\n')
    writeFileSync(join(root, 'src/player.js'), "export const play = () => 'play'\n")
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [compileHints({ exclude: /^player$/ })],
      build: { outDir: join(root, 'dist') },
    })
    const assets = join(root, 'dist/assets')
    const js = Object.fromEntries(
      readdirSync(assets)
        .filter((f) => f.endsWith('.js'))
        .map((f) => [f.split('-')[0], readFileSync(join(assets, f), 'utf8')]),
    )
    expect(Object.keys(js).sort()).toEqual(['index', 'page', 'player'])
    // The entry loads a chunk with CSS, so Vite writes its preload helper at the top: the hint is above it.
    expect(js.index).toContain('__vite__mapDeps')
    expect(js.index!.startsWith(COMPILE_HINT)).toBe(true)
    expect(js.page!.startsWith(COMPILE_HINT)).toBe(true)
    expect(js.player).not.toContain(COMPILE_HINT.trim())
  })
})
