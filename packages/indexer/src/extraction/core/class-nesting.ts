/**
 * How the class-like declarations of one file nest, for the file states of languages with types
 * (Java, C#, Scala, Swift, Dart and Kotlin through TypeBodyFile): `classes` maps a class-like declaration's
 * id to what the language records about it, `declarations` is the file's declaration list.
 */
interface Nested {
  parent: number | null;
  name: string;
}

/** The innermost class-like declaration that is or contains declaration `id` (what `this` is there). */
export function classAround(declarations: readonly Nested[], classes: ReadonlyMap<number, unknown>, id: number | null): number | null {
  for (let current = id; current !== null; current = declarations[current].parent) {
    if (classes.has(current)) return current;
  }
  return null;
}

/** The class-like declarations around `classId` (itself included), innermost first. */
export function* classesAround<I>(declarations: readonly Nested[], classes: ReadonlyMap<number, I>, classId: number | null): Generator<[number, I]> {
  for (let current = classId; current !== null; current = declarations[current].parent) {
    const info = classes.get(current);
    if (info) yield [current, info];
  }
}

/** `Outer.Inner` as a name chain, when every container is a type (a local class has none). */
export function classPath(declarations: readonly Nested[], classes: ReadonlyMap<number, unknown>, id: number): string[] | undefined {
  const chain: string[] = [];
  for (let current: number | null = id; current !== null; current = declarations[current].parent) {
    if (!classes.has(current)) return undefined;
    chain.unshift(declarations[current].name);
  }
  return chain;
}
