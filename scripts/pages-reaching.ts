import { dirname, resolve } from 'node:path'

/** What the build's chunking step tells about a module (rolldown's ModuleInfo, the part read here). */
export type ModuleGraph = {
  getModuleInfo(
    id: string,
  ): { importers: readonly string[]; dynamicImporters: readonly string[]; code?: string | null } | null
}

/**
 * An import or export-from statement: its specifier, the names it takes from that module (`*` for a
 * namespace) and the names it gives them here; both null for `export *` (everything, as it is).
 */
type Statement = { spec: string; taken: Set<string> | null; bound: Set<string> | null }

const STATEMENT =
  /\b(import|export)\s*(\*\s*as\s+[\w$]+|\*|\{[^}]*\}|[\w$]+(?:\s*,\s*(?:\{[^}]*\}|\*\s*as\s+[\w$]+))?)\s*from\s*["']([^"']+)["']/g

/** The package a module belongs to, from its path (`…/node_modules/@scope/name/…` → `@scope/name`). */
const packageOf = (id: string) => /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1]?.replace('\\', '/')

/** `{ a, default as B }` → taken a, default; bound a, B. `* as ns` → taken *, bound ns. `x` (a default import) → default, x. */
function parseClause(keyword: string, clause: string): Pick<Statement, 'taken' | 'bound'> {
  if (clause === '*') return { taken: null, bound: null }
  const taken = new Set<string>()
  const bound = new Set<string>()
  for (const part of clause.split(/,(?![^{]*\})/)) {
    const text = part.trim()
    const namespace = /^\*\s*as\s+([\w$]+)$/.exec(text)
    if (namespace) {
      taken.add('*')
      bound.add(namespace[1]!)
    } else if (text.startsWith('{')) {
      for (const item of text.slice(1, -1).split(',')) {
        const [name, alias] = item.trim().split(/\s+as\s+/)
        if (!name) continue
        taken.add(name)
        bound.add(alias ?? name)
      }
    } else if (text) {
      taken.add(keyword === 'import' ? 'default' : text)
      bound.add(text)
    }
  }
  return { taken, bound }
}

/**
 * The lazily loaded pages (modules with a dynamic importer) that reach each module through static
 * imports. A library's index module (one that only imports and re-exports, as lucide-react's and
 * react-query's do) is followed name by name: an icon counts as reached by the modules that import
 * that icon's name, not by every module that imports some icon. Without that, every page would reach
 * every icon, and grouping by who uses what could not tell them apart.
 *
 * `pageName` turns a page's module id into the name reported. One instance per build: the graph is the
 * build's.
 */
export function pagesReaching(graph: ModuleGraph, pageName: (id: string) => string) {
  // Per module: its statements by the module they resolve to (relative specifiers); bare ones under ''.
  const statements = new Map<string, Map<string, Statement[]>>()
  const statementsOf = (id: string) => {
    let found = statements.get(id)
    if (!found) {
      found = new Map()
      const code = graph.getModuleInfo(id)?.code ?? ''
      for (const [, keyword, clause, spec] of code.matchAll(STATEMENT)) {
        const target = spec!.startsWith('.') ? resolve(dirname(id), spec!) : ''
        const list = found.get(target) ?? []
        list.push({ spec: spec!, ...parseClause(keyword!, clause!.trim()) })
        found.set(target, list)
      }
      statements.set(id, found)
    }
    return found
  }
  const reExportsOnly = new Map<string, boolean>()
  /** A module whose code is only imports and exports (comments aside): it uses nothing it imports. */
  const onlyReExports = (id: string) => {
    let known = reExportsOnly.get(id)
    if (known === undefined) {
      const code = graph.getModuleInfo(id)?.code ?? ''
      const rest = code
        .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
        .replace(STATEMENT, '')
        .replace(/\b(import|export)\s*(\*\s*as\s+[\w$]+|\{[^}]*\})?\s*(from\s*)?(["'][^"']+["'])?/g, '')
        .replace(/["']use strict["']|;/g, '')
      known = id.includes('node_modules') && code.trim() !== '' && rest.trim() === ''
      reExportsOnly.set(id, known)
    }
    return known
  }
  /** `importer`'s statements for `id`: those that resolve to it, else those that name its package. */
  const statementsFor = (importer: string, id: string) => {
    const own = statementsOf(importer).get(id)
    if (own) return own
    const name = packageOf(id)
    return (statementsOf(importer).get('') ?? []).filter((s) => name && packageOf(`/node_modules/${s.spec}`) === name)
  }
  const takesAny = (importer: string, id: string, names: Set<string>) =>
    statementsFor(importer, id).some((s) => !s.taken || s.taken.has('*') || [...s.taken].some((n) => names.has(n)))
  /**
   * The names under which `importer` (a re-exporting module) passes on `id`, reached under `names`
   * (null: as a whole): what its statements bind, and for `export *` the names it came with.
   */
  const exposedAs = (importer: string, id: string, names: Set<string> | null) => {
    const exposed = new Set<string>()
    for (const s of statementsFor(importer, id)) {
      if (!s.bound) {
        if (!names) return null
        for (const name of names) exposed.add(name)
      } else for (const name of s.bound) exposed.add(name)
    }
    return exposed
  }

  const memo = new Map<string, Set<string>>()
  const reach = (id: string, names: Set<string> | null): Set<string> => {
    const key = names ? `${id}\0${[...names].sort().join(',')}` : id
    const known = memo.get(key)
    if (known) return known
    const pages = new Set<string>()
    memo.set(key, pages) // before recursing: import cycles end here
    const info = graph.getModuleInfo(id)
    if (info?.dynamicImporters.length) pages.add(pageName(id))
    for (const importer of info?.importers ?? []) {
      // Only importers that take one of the names this module is reached under.
      if (names && !takesAny(importer, id, names)) continue
      const through = onlyReExports(importer) ? reach(importer, exposedAs(importer, id, names)) : reach(importer, null)
      for (const page of through) pages.add(page)
    }
    return pages
  }
  return (id: string) => reach(id, null)
}
