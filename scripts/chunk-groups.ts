import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { routeModules } from './route-preloads.ts'

/** Where admins land: the list of each area (route patterns of src/app/routes.tsx). */
export const LANDING_ROUTES = {
  organizations: 'orgs',
  recordings: 'projects/:projectId/recordings',
  batch_exports: 'orgs/:orgId/batch-exports',
} as const

/** Where a signed-out user lands (src/app/router.tsx), without extension. */
const SIGN_IN_PAGE = 'src/app/sign-in-page'

/** Small libraries whose pieces the pages share (icons, react-query's mutation and infinite observers). */
const SMALL_LIBRARIES = /[\\/]node_modules[\\/](lucide-react|@tanstack)[\\/]/

type ModuleGraph = {
  getModuleInfo(id: string): { importers: readonly string[]; dynamicImporters: readonly string[] } | null
}

/**
 * How the console's build groups its modules into files, so a page opened cold needs a handful of
 * requests instead of twenty (HTTP/1.1 fetches six at a time; every extra round trip is 40 ms on an
 * ordinary network):
 *
 * - `index`: everything the entry imports statically, in one file. Split across five files (react, the
 *   router and zod, the runtime…) the same code was 2.5 KB larger gzipped (each file compresses alone and
 *   names what it imports from the others).
 * - `kit`: the small shared pieces (components, helpers, contracts, icons) that a landing list page
 *   (LANDING_ROUTES) uses and that pages of more than one area use. Rolldown's own splitting gives each
 *   set of pages that shares a module its own file (table, pagination, badge, time, callout, switch…:
 *   a dozen files of 0.1–4 KB per landing page). One kit costs a page that needs only part of it a few
 *   KB, measured in bench/bundle.ts.
 * - `basics`: what of those the sign-in page also uses (the field, the callout, react-query's mutation
 *   observer), in a file of their own: a signed-out user lands there, and it would otherwise load the
 *   whole kit (10 KB more gzipped). The icons the pages use land here too: every page reaches every icon
 *   through lucide-react's index module, so the graph cannot tell them apart (rolldown drops the unused
 *   ones). A landing list page loads one more small file, fetched alongside the entry.
 * - Everything else as rolldown splits it: a page's own code, code one area's pages share (the recordings
 *   list and a recording share `recordings`), and larger libraries only some pages load (the form
 *   library, rrweb's replayer) stay out of the pages that do not use them.
 *
 * Only the console's environment: the public recording pages are a build of their own.
 */
export function chunkGroups(root: string): Plugin {
  const landing = () => {
    const routes = routeModules(readFileSync(resolve(root, 'src/app/routes.tsx'), 'utf8'))
    return new Set(Object.values(LANDING_ROUTES).map((path) => relative(root, resolve(root, 'src/app', routes[path]!))))
  }
  return {
    name: 'chunk-groups',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    outputOptions(options) {
      const landingPages = landing()
      // The lazily loaded pages (modules with a dynamic importer) that reach each module through static
      // imports, by module id without extension. Fresh for every build: the graph is the build's.
      const reached = new Map<string, Set<string>>()
      const pagesReaching = (id: string, graph: ModuleGraph): Set<string> => {
        const known = reached.get(id)
        if (known) return known
        const pages = new Set<string>()
        reached.set(id, pages) // before recursing: import cycles end here
        const info = graph.getModuleInfo(id)
        if (info?.dynamicImporters.length) pages.add(withoutExtension(relative(root, id)))
        for (const importer of info?.importers ?? []) for (const page of pagesReaching(importer, graph)) pages.add(page)
        return pages
      }
      const area = (page: string) => /^src\/features\/([^/]+)\//.exec(page)?.[1] ?? 'app'
      /** The pages that reach a shareable module (not a page itself, not a larger library), if a landing page is one. */
      const sharedByLanding = (id: string, graph: ModuleGraph) => {
        if (id.includes('node_modules') && !SMALL_LIBRARIES.test(id)) return null
        const pages = pagesReaching(id, graph)
        if (pages.has(withoutExtension(relative(root, id)))) return null // a page stays its own file
        return [...pages].some((page) => landingPages.has(page)) ? pages : null
      }
      const basics = (id: string, graph: ModuleGraph) =>
        sharedByLanding(id, graph)?.has(SIGN_IN_PAGE) ? 'basics' : null
      const kit = (id: string, graph: ModuleGraph) => {
        const pages = sharedByLanding(id, graph)
        return pages && new Set([...pages].map(area)).size > 1 ? 'kit' : null
      }
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            { name: basics, debugName: 'basics', priority: 2 },
            { name: kit, debugName: 'kit', priority: 1 },
          ],
        },
      }
    },
  }
}

const withoutExtension = (path: string) => path.replace(/\.[cm]?[jt]sx?$/, '')
