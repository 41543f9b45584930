import type { Plugin } from 'vite'

/** V8's explicit compile hint (Chrome 136+): compile every function of this file eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/**
 * Marks the JS files a page runs as it loads with V8's compile hint, so their functions are compiled
 * while the file streams in, on a background thread, instead of one by one on the main thread the first
 * time each is called (lazy compilation: about a third of the first page's render on a slow CPU, in the
 * traces bench/README describes). The chunks that are not a page's own code stay lazy: `exclude` names
 * them (the recording player: rrweb's replayer, of which a recording runs a part, loaded after the page).
 * Other browsers ignore the comment.
 */
export function compileHints({ exclude }: { exclude: RegExp }): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // After Vite's own rewriting of the chunks (its preload helper goes first in a chunk).
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && !exclude.test(file.name)) file.code = COMPILE_HINT + file.code
        }
      },
    },
  }
}
