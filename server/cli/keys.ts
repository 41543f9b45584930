import { createKey, listKeys, revokeKey } from '../db/api-keys'
import { openDatabase } from '../db/database'
import { membershipLevelIn, organizationExists } from '../db/organizations'
import { projectOrganization } from '../db/teams'
import { findUserByEmail } from '../db/users'
import { loadEnv } from '../env'
import { parseKeyArgs, USAGE, UsageError, type KeyCommand } from './key-args'

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`)
  process.exit(2)
}

let args: KeyCommand
try {
  args = parseKeyArgs(process.argv.slice(2))
} catch (error) {
  if (error instanceof UsageError) fail(error.message)
  throw error
}
const env = loadEnv(process.env, process.argv.slice(2))
const { db } = openDatabase(env.DATABASE_PATH)

if (args.command === 'create') {
  const user = findUserByEmail(db, args.email)
  if (!user)
    fail(`No user with email ${args.email} in ${env.DATABASE_PATH}. Start the server once to create the demo world.`)
  // As PostHog's key serializer: a key may only be scoped to organizations and projects its user belongs to.
  for (const id of args.organizations ?? []) {
    if (!organizationExists(db, id.toLowerCase())) fail(`No organization ${id} in ${env.DATABASE_PATH}.`)
    if (membershipLevelIn(db, id.toLowerCase(), user.id) === undefined)
      fail(`${args.email} is not a member of organization ${id}, so a key of theirs cannot be scoped to it.`)
  }
  for (const id of args.projects ?? []) {
    const org = projectOrganization(db, id)
    if (!org) fail(`No project ${id} in ${env.DATABASE_PATH} (see GET /api/projects/).`)
    if (membershipLevelIn(db, org, user.id) === undefined)
      fail(`${args.email} has no access to project ${id}, so a key of theirs cannot be scoped to it.`)
  }
  const { key, row } = createKey(db, {
    userId: user.id,
    label: args.label,
    scopes: args.scopes,
    organizations: args.organizations?.map((id) => id.toLowerCase()) ?? null,
    teams: args.projects,
  })
  const limits = [
    row.scoped_organizations && `organizations ${row.scoped_organizations.join(', ')}`,
    row.scoped_teams && `projects ${row.scoped_teams.join(', ')}`,
  ].filter(Boolean)
  console.log(
    `Created key ${row.id} (${row.mask_value}) for ${args.email} with scopes ${args.scopes.join(', ')}` +
      `${limits.length ? `, limited to ${limits.join(' and ')}` : ''}. It is shown once:`,
  )
  console.log(key)
} else if (args.command === 'list') {
  const keys = listKeys(db)
  if (keys.length === 0) console.log('No keys.')
  for (const k of keys) {
    const limits = [
      k.scoped_organizations ? `  organizations=${k.scoped_organizations.join(',')}` : '',
      k.scoped_teams ? `  projects=${k.scoped_teams.join(',')}` : '',
    ].join('')
    console.log(
      `${k.id}  ${k.mask_value}  ${k.label}  ${k.email}  scopes=${k.scopes.join(',')}${limits}  created=${k.created_at}  last_used=${k.last_used_at ?? 'never'}`,
    )
  }
} else {
  if (!revokeKey(db, args.id)) fail(`No key with id ${args.id}.`)
  console.log(`Revoked key ${args.id}.`)
}
db.close()
