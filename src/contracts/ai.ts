import { z } from 'zod'

/** POST …/session_recordings/ai/regex/ (experimental). */
export const aiRegexInput = z.strictObject({
  regex: z.string().trim().min(1, 'Describe what the pattern should match.').max(500),
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
        content: z.string().trim().min(1).max(2000),
      }),
    )
    .min(1, 'Send at least one message.')
    .max(20),
})
export const aiFiltersOutput = z.object({
  result: z.enum(['success', 'error']),
  data: z.object({
    output: z.string(),
    filters: z.record(z.string(), z.string()).nullable(),
  }),
})
export type AiFiltersOutput = z.infer<typeof aiFiltersOutput>
