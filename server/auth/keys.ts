import { createHash, randomBytes, randomUUID } from 'node:crypto'

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A new personal API key: `phx_` + 47 base62 characters. */
export function generateKey(): string {
  const bytes = randomBytes(64)
  let out = ''
  for (const b of bytes) {
    if (b >= 248) continue // keep the distribution uniform over 62 symbols
    out += BASE62[b % 62]
    if (out.length === 47) break
  }
  return out.length === 47 ? `phx_${out}` : generateKey()
}

/** Only this digest of a key is stored. */
export const hashKey = (key: string) => `sha256$${createHash('sha256').update(key).digest('hex')}`

export const maskKey = (key: string) => `${key.slice(0, 6)}...${key.slice(-4)}`

export const newId = () => randomUUID()

/** Sharing token: 22 random bytes, url-safe base64. */
export const newAccessToken = () => randomBytes(22).toString('base64url')
