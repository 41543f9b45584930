/**
 * What a mutation tells the user, declared once next to it and applied by the one feedback policy
 * (src/app/feedback.ts). The policy: a failure is shown where the user acted; a toast only says what
 * has no place on screen.
 */
export type Feedback<TData, TVariables> = {
  /**
   * `'in-place'`: the form, dialog or panel the user acted in shows `mutation.error` and keeps what
   * they typed, so nothing else does. Otherwise there is no such place (a switch or row flipped back, a
   * row already gone): what did not happen, the title of an error toast whose text is the reason.
   */
  failure: 'in-place' | ((variables: TVariables) => string)
  /** After the reason: what is still true now that the optimistic change is undone. */
  unchanged?: (variables: TVariables) => string
  /**
   * A confirmation toast, for a change the user does not see where they end up (taken elsewhere,
   * dialog closed): its title, or a title and a line saying what happens next.
   */
  success?: (data: TData, variables: TVariables) => Confirmation
}

export type Confirmation = string | { title: string; description: string }

declare module '@tanstack/react-query' {
  interface Register {
    // `never`: each mutation declares its feedback for its own data and variables (see `feedback`).
    mutationMeta: { feedback?: Feedback<never, never> }
  }
}

/** A mutation's `meta`, typed against its own data and variables. */
export const feedback = <TData, TVariables>(declared: Feedback<TData, TVariables>) => ({ feedback: declared })
