/**
 * rrweb events as the player handles them before the replayer sees them: captured data, untrusted,
 * so every field is checked where it is used. The numbers are rrweb's EventType, IncrementalSource
 * and MouseInteractions.
 */
export interface RrwebEvent {
  type: number
  timestamp: number
  // Captured data: its shape depends on the event type and is checked where it is read.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data?: any
}

export const EVENT = { fullSnapshot: 2, incremental: 3, meta: 4, custom: 5, plugin: 6 } as const
export const SOURCE = { mutation: 0, mouseMove: 1, mouseInteraction: 2, scroll: 3, input: 5, touchMove: 6 } as const
/** Mouse interactions PostHog counts as clicks: click, context menu, double click, touch end. */
export const CLICK_TYPES = new Set([2, 3, 4, 9])

export const isRrwebEvent = (value: unknown): value is RrwebEvent =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RrwebEvent).type === 'number' &&
  Number.isFinite((value as RrwebEvent).timestamp)

export const isClick = (e: RrwebEvent) =>
  e.type === EVENT.incremental && e.data?.source === SOURCE.mouseInteraction && CLICK_TYPES.has(e.data?.type)

/** What rrweb's replayer counts as the user doing something (mouse, scroll, resize, input). */
export const isInteraction = (e: RrwebEvent) =>
  e.type === EVENT.incremental && typeof e.data?.source === 'number' && e.data.source > 0 && e.data.source <= 5
