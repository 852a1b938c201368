/**
 * Import-resolver hooks that threw. A failing hook means its lookup found nothing (the site stays
 * unresolved, the run goes on); the index report says how many calls failed, per language and hook,
 * with the first message, so a resolver bug is seen rather than read as missing code.
 */
export interface HookFailure {
  language: string;
  hook: string;
  count: number;
  firstMessage: string;
}

export class HookFailures {
  private readonly byKey = new Map<string, HookFailure>();

  record(language: string, hook: string, error: unknown): void {
    const key = `${language}\0${hook}`;
    const known = this.byKey.get(key);
    if (known) known.count++;
    else this.byKey.set(key, { language, hook, count: 1, firstMessage: messageOf(error) });
  }

  /** Every failing hook, by language then hook name. */
  list(): HookFailure[] {
    return [...this.byKey.values()]
      .sort((a, b) => (a.language === b.language ? compare(a.hook, b.hook) : compare(a.language, b.language)))
      .map((failure) => ({ ...failure }));
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
