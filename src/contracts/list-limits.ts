/** A list's window: the size when none is asked for, and the largest (own module: no schema library needed to read them). */
export const DEFAULT_LIMIT = 100
export const MAX_LIMIT = 1000
