import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { routePreloads } from './scripts/route-preloads.ts'

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8000'

export default defineConfig({
  plugins: [react(), { ...routePreloads(import.meta.dirname), applyToEnvironment: (e) => e.name === 'client' }],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
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
