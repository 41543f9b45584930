import { seedScale } from '../seed/scale'
import { openDatabase } from '../db/database'
import { loadEnv } from '../env'

const args = process.argv.slice(2)
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`)
  const value = i >= 0 ? Number(args[i + 1]) : fallback
  if (!Number.isSafeInteger(value) || value < 0) {
    console.error(`--${name} must be a non-negative whole number`)
    process.exit(2)
  }
  return value
}

const env = loadEnv(process.env, args)
const started = performance.now()
const { db } = openDatabase(env.DATABASE_PATH)
const result = seedScale(db, {
  recordings: flag('recordings', 100_000),
  exports: flag('exports', 200),
  runsPerExport: flag('runs-per-export', 500),
})
db.close()
console.log(
  JSON.stringify({
    database: env.DATABASE_PATH,
    ...result,
    seconds: +((performance.now() - started) / 1000).toFixed(2),
  }),
)
