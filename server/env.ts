import { z } from 'zod'

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_PATH: z.string().min(1).default('./data/analytics-admin.sqlite'),
  UPSTREAM_URL: z.url({ protocol: /^https?$/ }).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(480),
  DEMO_API_KEY: z
    .string()
    .regex(/^phx_[A-Za-z0-9]{43,}$/, 'DEMO_API_KEY must be phx_ followed by at least 43 letters or digits')
    .optional(),
  STATIC_DIR: z.string().default('./dist'),
  LOG_REQUESTS: z.enum(['0', '1']).default('0'),
  /** `0` keeps the export engine off (nothing is scheduled or exported). */
  ENGINE: z.enum(['0', '1']).default('1'),
  /** How often the engine looks for due windows and queued runs when idle, in ms. */
  ENGINE_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
})
export type Env = z.infer<typeof envSchema>

/** Reads configuration once from the environment and `--upstream URL` / `--port N` flags. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv.slice(2)): Env {
  const merged: Record<string, string | undefined> = { ...source }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    const value = argv[i + 1]
    if (flag === '--upstream' && value) merged.UPSTREAM_URL = value
    if (flag === '--port' && value) merged.PORT = value
    if (flag === '--database' && value) merged.DATABASE_PATH = value
  }
  for (const key of Object.keys(merged)) if (merged[key] === '') delete merged[key]
  const parsed = envSchema.safeParse(merged)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return parsed.data
}
