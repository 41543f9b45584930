import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { chunkGroups } from './scripts/chunk-groups.ts'
import { compileHints } from './scripts/compile-hints.ts'
import { precompress } from './scripts/precompress.ts'
import { routePreloads } from './scripts/route-preloads.ts'

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8000'

export default defineConfig({
  plugins: [
    react(),
    { ...routePreloads(import.meta.dirname), applyToEnvironment: (e) => e.name === 'client' },
    // Few files per landing page: the entry in one file, the small pieces list pages share in one kit.
    chunkGroups(import.meta.dirname),
    // What a page runs as it loads is compiled off the main thread (not the inlined first-requests script).
    { ...compileHints({ exclude: /^player$/ }), applyToEnvironment: (e) => e.name !== 'firstRequests' },
    // Both builds (console and public pages) write into dist: each precompresses what is new there.
    precompress(),
  ],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // Capture (posthog-js's endpoints, remote config and bundles) is the local server's too.
      '^/(e|s|i/v0/[es]|batch|capture|track|engage|flags|decide)/?(\\?.*)?$': { target: apiTarget },
      '^/(array|static)/': { target: apiTarget },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
  },
  // The public recording pages (/shared/:token, /embedded/:token) are a build of their own: sharing
  // modules with the console would split the console's first-route chunks differently.
  environments: {
    shared: {
      consumer: 'client',
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        manifest: false,
        rollupOptions: { input: { shared: 'shared.html' } },
      },
    },
    // The script the server inlines into index.html's head (server/http/first-requests.ts): one small
    // classic script, no imports, so the first page's API requests leave before the console's code arrives.
    firstRequests: {
      consumer: 'client',
      build: {
        outDir: 'dist',
        emptyOutDir: false,
        manifest: false,
        copyPublicDir: false,
        rollupOptions: {
          input: 'src/app/first-requests-script.ts',
          output: { format: 'iife', entryFileNames: 'first-requests.js' },
        },
      },
    },
  },
  builder: {},
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    pool: 'forks',
    testTimeout: 20_000,
  },
})
