import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { pagesReaching, type ModuleGraph } from './pages-reaching.ts'
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

/**
 * How the console's build groups its modules into files, so a page opened cold needs a handful of
 * requests instead of twenty (HTTP/1.1 fetches six at a time; every extra round trip is 40 ms on an
 * ordinary network):
 *
 * - `index`: everything the entry imports statically, in one file. Split across five files (react, the
 *   router and zod, the runtime…) the same code was 2–3 KB larger gzipped (each file compresses alone and
 *   names what it imports from the others).
 * - `kit`: the small shared pieces (components, helpers, contracts, icons) that a landing list page
 *   (LANDING_ROUTES) uses and that pages of more than one area use. Rolldown's own splitting gives each
 *   set of pages that shares a module its own file (table, pagination, badge, time, callout, switch…:
 *   a dozen files of 0.1–4 KB per landing page). A page that needs only part of the kit loads it whole:
 *   up to 2 KB more gzipped, measured in bench/bundle.ts.
 * - `basics`: what of those the sign-in page also uses (the field, the callout, react-query's mutation
 *   hook), in a file of their own: a signed-out user lands there, and it would otherwise load the whole
 *   kit.
 * - `<area>-styles`: an area's stylesheets (each component imports its own, next to it) that the area's
 *   route pages reach, and with them at most the lazy parts of the area's pages. Split as the modules
 *   that import them are, a landing list page would load three or four small CSS files (its own, its
 *   area's shared one, one per set of pages sharing a component); grouped, every page of an area loads
 *   one file for the area, as when the area had a single stylesheet. The group holds only CSS, so Vite
 *   drops its empty JS file and links the CSS from the pages that import it. A stylesheet only a lazy
 *   part reaches (the player's, the backfill dialog's) stays out: it loads with that part.
 * - Everything else as rolldown splits it: a page's own code, code one area's pages share (the recordings
 *   list and a recording share one file, named after one of its modules), and larger libraries only some pages load (the form
 *   library, rrweb's replayer) stay out of the pages that do not use them.
 *
 * Who uses a module comes from the module graph (scripts/pages-reaching.ts), following a library's index
 * module name by name, so an icon goes where the pages that draw it go. The groups do not pull in their
 * modules' dependencies (each module is placed by who uses it), so the build checks that no two files
 * import each other.
 *
 * Only the console's environment: the public recording pages are a build of their own.
 */
export function chunkGroups(root: string): Plugin {
  /** The page modules (relative, without extension) of these routes; of every route when not told. */
  const pagesOf = (paths?: readonly string[]) => {
    const routes = routeModules(readFileSync(resolve(root, 'src/app/routes.tsx'), 'utf8'))
    return new Set(
      (paths ?? Object.keys(routes)).map((path) => relative(root, resolve(root, 'src/app', routes[path]!))),
    )
  }
  return {
    name: 'chunk-groups',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    outputOptions(options) {
      const landingPages = pagesOf(Object.values(LANDING_ROUTES))
      const routePages = pagesOf()
      // Made on the first call, with that build's graph (the chunking context the groups are called with).
      let reach: ((id: string) => Set<string>) | undefined
      const pagesReachingModule = (id: string, graph: ModuleGraph) =>
        (reach ??= pagesReaching(graph, (page) => withoutExtension(relative(root, page))))(id)
      const area = (page: string) => /^src\/features\/([^/]+)\//.exec(page)?.[1] ?? 'app'
      /** The pages that reach a shareable module (not a page itself, not a larger library), if a landing page is one. */
      const sharedByLanding = (id: string, graph: ModuleGraph) => {
        if (id.includes('node_modules') && !SMALL_LIBRARIES.test(id)) return null
        const pages = pagesReachingModule(id, graph)
        if (pages.has(withoutExtension(relative(root, id)))) return null // a page stays its own file
        return [...pages].some((page) => landingPages.has(page)) ? pages : null
      }
      const basics = (id: string, graph: ModuleGraph) =>
        sharedByLanding(id, graph)?.has(SIGN_IN_PAGE) ? 'basics' : null
      const kit = (id: string, graph: ModuleGraph) => {
        const pages = sharedByLanding(id, graph)
        return pages && new Set([...pages].map(area)).size > 1 ? 'kit' : null
      }
      /**
       * A stylesheet of an area that route pages of that area reach, and no page of another area: in the
       * area's one stylesheet. The lazy parts of the area's pages (a dialog loaded when first opened) may
       * share it; a stylesheet only they reach loads with them.
       */
      const styles = (id: string, graph: ModuleGraph) => {
        const own = /^src\/features\/([^/]+)\/.*\.css$/.exec(relative(root, id))?.[1]
        const pages = [...pagesReachingModule(id, graph)]
        return own && pages.some((page) => routePages.has(page)) && pages.every((page) => area(page) === own)
          ? `${own}-styles`
          : null
      }
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'], priority: 3 },
            { name: basics, debugName: 'basics', priority: 2, includeDependenciesRecursively: false },
            { name: kit, debugName: 'kit', priority: 1, includeDependenciesRecursively: false },
            { name: styles, debugName: 'styles', priority: 1, includeDependenciesRecursively: false },
          ],
        },
      }
    },
    // After Vite's CSS plugin has dropped the styles groups' empty JS files.
    generateBundle: {
      order: 'post',
      handler(options, bundle) {
        const imports = new Map<string, readonly string[]>()
        for (const file of Object.values(bundle)) if (file.type === 'chunk') imports.set(file.fileName, file.imports)
        const cycle = findCycle(imports)
        if (cycle) this.error(`chunk-groups: these files import each other in a cycle: ${cycle.join(' -> ')}`)
        // Vite leaves a comment as long as each import of a dropped file (it keeps source maps aligned):
        // without source maps, 40 bytes of nothing in every page that imports a styles group.
        if (!options.sourcemap)
          for (const file of Object.values(bundle))
            if (file.type === 'chunk') file.code = file.code.replace(EMPTY_CSS_IMPORT, '')
      },
    },
  }
}

/** A cycle in a graph of files and what each imports, as the files along it; undefined when there is none. */
export function findCycle(imports: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === 'done') return undefined
    if (state.get(file) === 'open') return [...path.slice(path.indexOf(file)), file]
    state.set(file, 'open')
    path.push(file)
    for (const next of imports.get(file) ?? []) {
      const found = visit(next)
      if (found) return found
    }
    path.pop()
    state.set(file, 'done')
    return undefined
  }
  for (const file of imports.keys()) {
    const found = visit(file)
    if (found) return found
  }
  return undefined
}

/** What Vite puts in place of an import of a CSS-only file it dropped. */
const EMPTY_CSS_IMPORT = /\/\* empty css +\*\//g

const withoutExtension = (path: string) => path.replace(/\.[cm]?[jt]sx?$/, '')
