import * as z from 'zod/mini'

/** POST …/session_recordings/ai/regex/ (experimental). */
export const aiRegexInput = z.strictObject({
  regex: z.string().check(z.trim(), z.minLength(1, 'Describe what the pattern should match.'), z.maxLength(500)),
})
export const aiRegexOutput = z.object({
  result: z.enum(['success', 'error']),
  data: z.object({ output: z.string() }),
})
export type AiRegexOutput = z.infer<typeof aiRegexOutput>

/** POST …/session_recordings/ai/filters/ (experimental). */
export const aiFiltersInput = z.strictObject({
  messages: z
    .array(
      z.strictObject({
        role: z.enum(['user', 'assistant']),
        content: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
      }),
    )
    .check(z.minLength(1, 'Send at least one message.'), z.maxLength(20)),
})
export const aiFiltersOutput = z.object({
  result: z.enum(['success', 'error']),
  data: z.object({
    output: z.string(),
    filters: z.nullable(z.record(z.string(), z.string())),
  }),
})
export type AiFiltersOutput = z.infer<typeof aiFiltersOutput>
