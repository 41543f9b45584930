import { allScopes } from '../../src/contracts/scopes'
import { createKey, listKeys, revokeKey } from '../db/api-keys'
import { openDatabase } from '../db/database'
import { findUserByEmail } from '../db/users'
import { loadEnv } from '../env'

const USAGE = `Usage:
  npm run keys -- create --scopes organization:read,batch_export:write [--label NAME] [--user EMAIL] [--organizations UUID,UUID]
  npm run keys -- list
  npm run keys -- revoke ID
Options: --database PATH (default: DATABASE_PATH or ./data/analytics-admin.sqlite)
Scopes: * or any of ${allScopes.join(', ')}`

function flag(args: string[], name: string) {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : undefined
}

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`)
  process.exit(2)
}

const [command, ...args] = process.argv.slice(2)
const env = loadEnv(process.env, args)
const { db } = openDatabase(env.DATABASE_PATH)

if (command === 'create') {
  const scopes = (flag(args, 'scopes') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (scopes.length === 0) fail('Give at least one scope with --scopes.')
  const unknown = scopes.filter((s) => s !== '*' && !(allScopes as string[]).includes(s))
  if (unknown.length) fail(`Unknown scope: ${unknown.join(', ')}`)
  const email = flag(args, 'user') ?? 'demo@example.com'
  const user = findUserByEmail(db, email)
  if (!user)
    fail(`No user with email ${email} in ${env.DATABASE_PATH}. Start the server once to create the demo world.`)
  const organizations = flag(args, 'organizations')?.split(',').filter(Boolean) ?? null
  const { key, row } = createKey(db, {
    userId: user.id,
    label: flag(args, 'label') ?? 'CLI key',
    scopes,
    organizations,
  })
  console.log(
    `Created key ${row.id} (${row.mask_value}) for ${email} with scopes ${scopes.join(', ')}. It is shown once:`,
  )
  console.log(key)
} else if (command === 'list') {
  const keys = listKeys(db)
  if (keys.length === 0) console.log('No keys.')
  for (const k of keys) {
    console.log(
      `${k.id}  ${k.mask_value}  ${k.label}  ${k.email}  scopes=${k.scopes.join(',')}  created=${k.created_at}  last_used=${k.last_used_at ?? 'never'}`,
    )
  }
} else if (command === 'revoke') {
  const id = args[0]
  if (!id) fail('Give the id of the key to revoke (see `npm run keys -- list`).')
  if (!revokeKey(db, id)) fail(`No key with id ${id}.`)
  console.log(`Revoked key ${id}.`)
} else {
  fail(command ? `Unknown command: ${command}` : 'Give a command.')
}
db.close()
