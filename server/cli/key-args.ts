import { parseArgs } from 'node:util'
import { z } from 'zod'
import { allScopes } from '../../src/contracts/scopes'
import { isUuid } from '../routes/params'

export const USAGE = `Usage:
  npm run keys -- create --scopes SCOPE,… [--label NAME] [--user EMAIL] [--organizations UUID,…] [--projects ID,…]
  npm run keys -- list
  npm run keys -- revoke ID
Every command takes --database PATH (default: DATABASE_PATH or ./data/analytics-admin.sqlite).
Scopes: * or any of ${allScopes.join(', ')}
--organizations limits the key to those organizations, --projects to those projects (PostHog's
scoped_organizations and scoped_teams); without them the key reaches everything its user can.`

export type KeyCommand =
  | {
      command: 'create'
      scopes: string[]
      label: string
      email: string
      organizations: string[] | null
      projects: number[] | null
    }
  | { command: 'list' }
  | { command: 'revoke'; id: string }

/** A command-line mistake: the message says what is wrong; nothing has been done. */
export class UsageError extends Error {}

const OPTIONS = {
  scopes: { type: 'string' },
  label: { type: 'string' },
  user: { type: 'string' },
  organizations: { type: 'string' },
  projects: { type: 'string' },
  database: { type: 'string' },
} as const
type Flag = keyof typeof OPTIONS
const FLAGS_OF: Record<KeyCommand['command'], Flag[]> = {
  create: ['scopes', 'label', 'user', 'organizations', 'projects', 'database'],
  list: ['database'],
  revoke: ['database'],
}

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** The closest known flag, for "did you mean" (`--project` → `--projects`). */
function suggestion(flag: string, known: Flag[]) {
  const bare = flag.replace(/^-+/, '').split('=')[0] ?? ''
  const near = known.find((k) => k.startsWith(bare) || bare.startsWith(k))
  return near ? ` Did you mean --${near}?` : ''
}

const creation = z.object({
  scopes: z
    .string({ error: 'Give at least one scope with --scopes.' })
    .transform(list)
    .pipe(
      z
        .array(z.string())
        .min(1, 'Give at least one scope with --scopes.')
        .superRefine((scopes, ctx) => {
          const unknown = scopes.filter((s) => s !== '*' && !(allScopes as string[]).includes(s))
          if (unknown.length) ctx.addIssue({ code: 'custom', message: `Unknown scope: ${unknown.join(', ')}.` })
        }),
    ),
  label: z.string().trim().min(1, '--label cannot be empty.').max(40, '--label is at most 40 characters.').optional(),
  user: z.string().trim().min(1, '--user needs an email.').optional(),
  organizations: z
    .string()
    .transform(list)
    .pipe(
      z
        .array(z.string())
        .min(1, '--organizations needs at least one organization UUID.')
        .superRefine((ids, ctx) => {
          const bad = ids.find((id) => !isUuid(id))
          if (bad)
            ctx.addIssue({ code: 'custom', message: `--organizations takes organization UUIDs; "${bad}" is not one.` })
        }),
    )
    .optional(),
  projects: z
    .string()
    .transform(list)
    .pipe(
      z
        .array(z.string().regex(/^\d{1,15}$/, '--projects takes numeric project ids (see GET /api/projects/).'))
        .min(1, '--projects needs at least one project id.')
        .transform((ids) => ids.map(Number)),
    )
    .optional(),
  database: z.string().optional(),
})

/** Reads the key CLI's arguments strictly: an unknown flag, a repeated or malformed one is a UsageError. */
export function parseKeyArgs(argv: string[]): KeyCommand {
  const [command, ...rest] = argv
  if (command !== 'create' && command !== 'list' && command !== 'revoke')
    throw new UsageError(command ? `Unknown command: ${command}.` : 'Give a command.')
  let parsed
  try {
    parsed = parseArgs({ args: rest, options: OPTIONS, strict: true, allowPositionals: true, tokens: true })
  } catch (error) {
    // Node's own text ("Unknown option '--project'. To specify a positional argument …"), first sentence only.
    const text = error instanceof Error ? error.message : String(error)
    const flag = /'(-[^']*)'/.exec(text)?.[1] ?? ''
    const message = text.split('. To specify')[0] ?? text
    const hint = message.startsWith('Unknown option') ? suggestion(flag, FLAGS_OF[command]) : ''
    throw new UsageError(`${message.replace(/\.$/, '')}.${hint}`)
  }
  const seen = new Set<string>()
  for (const token of parsed.tokens ?? []) {
    if (token.kind !== 'option') continue
    if (seen.has(token.name)) throw new UsageError(`--${token.name} is given twice.`)
    seen.add(token.name)
    if (!(FLAGS_OF[command] as string[]).includes(token.name))
      throw new UsageError(`${command} does not take --${token.name}.`)
  }
  if (command === 'list') {
    if (parsed.positionals.length) throw new UsageError(`list takes no arguments (got ${parsed.positionals[0]}).`)
    return { command }
  }
  if (command === 'revoke') {
    const [id, extra] = parsed.positionals
    if (!id) throw new UsageError('Give the id of the key to revoke (see `npm run keys -- list`).')
    if (extra) throw new UsageError(`revoke takes one key id (got also ${extra}).`)
    return { command, id }
  }
  if (parsed.positionals.length)
    throw new UsageError(`create takes only flags (got ${parsed.positionals[0]}); see the usage below.`)
  const options = creation.safeParse(parsed.values)
  if (!options.success) throw new UsageError(options.error.issues[0]?.message ?? 'Invalid arguments.')
  const o = options.data
  return {
    command,
    scopes: o.scopes,
    label: o.label ?? 'CLI key',
    email: o.user ?? 'demo@example.com',
    organizations: o.organizations ?? null,
    projects: o.projects ?? null,
  }
}
