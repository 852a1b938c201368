/**
 * The one loop that looks a bare name up: a language's `lookup` steps in its order, the first answer
 * wins. Steps a table does not implement are someone else's (the reference resolver runs the steps
 * that need a site; WorkspaceSymbols the ones that need only a name and where it is written).
 */
import type { LookupStep } from '../../model/language-support.js';

export type StepTable<Query, Answer> = Partial<Record<LookupStep, (query: Query) => Answer | undefined>>;

export function runLookup<Query, Answer>(steps: readonly LookupStep[], table: StepTable<Query, Answer>, query: Query): Answer | undefined {
  for (const step of steps) {
    const answer = table[step]?.(query);
    if (answer !== undefined) return answer;
  }
  return undefined;
}

/** Step implementations that take a context (the workspace, the reference resolver), bound to one. */
export type ContextSteps<Context, Query, Answer> = Partial<Record<LookupStep, (context: Context, query: Query) => Answer | undefined>>;

export function bindSteps<Context, Query, Answer>(steps: ContextSteps<Context, Query, Answer>, context: Context): StepTable<Query, Answer> {
  const table: StepTable<Query, Answer> = {};
  for (const step of Object.keys(steps) as LookupStep[]) {
    const run = steps[step]!;
    table[step] = (query) => run(context, query);
  }
  return table;
}
