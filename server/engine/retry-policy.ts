/** How often a run is tried before it ends Failed, and how long it waits between tries. */
export interface RetryPolicy {
  maxAttempts: number
  /** Wait before the second attempt; each later wait is `factor` times longer, up to `maxDelayMs`. */
  firstDelayMs: number
  factor: number
  maxDelayMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  firstDelayMs: 30_000,
  factor: 4,
  maxDelayMs: 15 * 60_000,
}

/** The wait after attempt `attempt` (1-based) failed. */
export const retryDelay = (policy: RetryPolicy, attempt: number) =>
  Math.min(policy.maxDelayMs, policy.firstDelayMs * policy.factor ** (attempt - 1))
