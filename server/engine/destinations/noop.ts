import { z } from 'zod'
import { passed, type Destination } from './types'

/** Reads every row of the window and writes nothing: a dry run that proves the schedule and the counts. */
export const noopDestination: Destination = {
  config: z.looseObject({}),
  async open() {
    let records = 0
    return {
      write: async (batch) => {
        records += batch.length
      },
      close: async () => ({ records, bytes: 0, target: 'nowhere (NoOp)' }),
      abort: async () => {},
    }
  },
  testSteps: [
    {
      name: 'Nothing to connect to',
      description: 'A NoOp export reads the data and writes it nowhere.',
      run: async () => passed(),
    },
  ],
}
