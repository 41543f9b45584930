import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import type { Plugin } from 'vite'

/** Where the built console lists, per route pattern, the files its page needs beyond the entry. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json'

/** `path` → page module (relative to src/app) of every lazy route in src/app/routes.tsx. */
export function routeModules(source: string): Record<string, string> {
  const routes: Record<string, string> = {}
  for (const [, path, module] of source.matchAll(/path: '([^']+)',\s*lazy: \(\) =>\s*import\('([^']+)'\)/g))
    routes[path!] = module!
  return routes
}

/** `start` and everything it imports statically, following `importsOf` (the build's own bookkeeping). */
export function importClosure(start: string, importsOf: (id: string) => readonly string[] | undefined) {
  const seen = new Set<string>()
  const visit = (id: string) => {
    if (seen.has(id)) return
    seen.add(id)
    importsOf(id)?.forEach(visit)
  }
  visit(start)
  return seen
}

type Chunk = {
  type: 'chunk'
  fileName: string
  name: string
  isEntry: boolean
  facadeModuleId: string | null
  imports: string[]
}
type Asset = { type: 'asset'; fileName: string }
type Bundle = Record<string, Chunk | Asset | { type: string; fileName: string }>

/**
 * Writes route-preloads.json: for each route pattern, the JS and CSS its page loads that the entry
 * does not. The server adds them to index.html as modulepreload and stylesheet links, so a page opened
 * cold fetches its code alongside the entry instead of after the entry has run.
 */
export function routePreloads(root: string): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    // After Vite's CSS plugin has dropped the JS files of CSS-only chunks (scripts/chunk-groups.ts groups
    // an area's stylesheets into one) and moved their stylesheets to the chunks that imported them.
    enforce: 'post',
    generateBundle(_options, output) {
      const bundle = output as unknown as Bundle
      const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk')
      const byFile = new Map(chunks.map((c) => [c.fileName, c]))
      const closure = (file: string) => importClosure(file, (f) => byFile.get(f)?.imports)
      // The console's entry (index.html); the public recording pages' entry loads nothing of a route.
      const entry = new Set(
        chunks.filter((c) => c.isEntry && c.name === 'index').flatMap((c) => [...closure(c.fileName)]),
      )
      const css = (file: string) => (bundle[file] as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata
      const routes = routeModules(readFileSync(resolve(root, 'src/app/routes.tsx'), 'utf8'))
      const preloads: Record<string, string[]> = {}
      for (const [path, module] of Object.entries(routes)) {
        const source = relative(root, resolve(root, 'src/app', module))
        const page = chunks.find((c) => c.facadeModuleId && relative(root, c.facadeModuleId).startsWith(`${source}.`))
        if (!page) this.error(`route-preloads: no chunk for ${path} (${source})`)
        const files = [...closure(page.fileName)].filter((f) => !entry.has(f))
        const styles = files.flatMap((f) => [...(css(f)?.importedCss ?? [])])
        // A stylesheet several of the page's chunks import is linked once.
        preloads[path] = [...new Set([...files, ...styles])].map((f) => `/${f}`)
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads, null, 2) })
    },
  }
}
