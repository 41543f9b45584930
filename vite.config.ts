import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { precompress } from './scripts/precompress.ts'
import { routePreloads } from './scripts/route-preloads.ts'

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8000'

export default defineConfig({
  plugins: [react(), routePreloads(import.meta.dirname), precompress()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: { outDir: 'dist', sourcemap: false, target: 'es2022' },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    pool: 'forks',
    testTimeout: 20_000,
  },
})
