// TypeScript 5.x: satisfies, accessor, const type parameters, using, decorators, enums, overloads.
type Route = { path: string; method: 'GET' | 'POST' };

export const routes = {
  home: { path: '/', method: 'GET' },
} satisfies Record<string, Route>;

function logged(target: unknown, context: ClassMethodDecoratorContext) {
  return target;
}

export class Service<const T extends readonly string[]> {
  accessor name = 'service';
  constructor(private readonly tags: T) {}

  @logged
  run(): T[number] | undefined {
    using handle = open();
    return this.tags[0];
  }
}

declare function open(): Disposable;
export enum Level { Low = 1, High }
export function parse(input: string): number;
export function parse(input: number): string;
export function parse(input: string | number): string | number {
  return typeof input === 'string' ? Number(input) : String(input);
}
export type Keys<T> = { [K in keyof T as `get${Capitalize<string & K>}`]: () => T[K] };
