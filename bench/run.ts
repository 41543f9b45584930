// `npm run bench`: every benchmark script in turn; each prints JSON.
import { spawnSync } from 'node:child_process'

for (const script of [
  'bench/bundle.ts',
  'bench/compression.ts',
  'bench/api.ts',
  'bench/load.ts',
  'bench/export.ts',
  'bench/console.ts',
]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
