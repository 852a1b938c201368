/**
 * What the framework's collection methods (System.Linq's `Enumerable`, `List<T>`, `Stack<T>`, `Queue<T>`) do with
 * elements, by name: on a value stated to be a collection (`List<Order>`, `Order[]`, `IEnumerable<Order>`), the
 * lambda they take receives one element, their result is one element or a collection of the same elements. On a
 * workspace class the name means that class's own method: both readings are offered (`any-of`), and only one can
 * apply to a value (a framework collection is no workspace class).
 */

/** Methods whose lambda argument(s) at these positions receive one element as their first parameter (`xs.Where(x => …)`). */
export const ELEMENT_CALLBACKS: Readonly<Record<string, readonly number[]>> = Object.fromEntries([
  ...['Where', 'Select', 'SelectMany', 'Any', 'All', 'Count', 'LongCount', 'First', 'FirstOrDefault', 'Last', 'LastOrDefault',
    'Single', 'SingleOrDefault', 'OrderBy', 'OrderByDescending', 'ThenBy', 'ThenByDescending', 'GroupBy', 'SkipWhile',
    'TakeWhile', 'DistinctBy', 'MinBy', 'MaxBy', 'Sum', 'Min', 'Max', 'Average', 'ForEach', 'Exists', 'Find', 'FindAll',
    'FindIndex', 'FindLast', 'FindLastIndex', 'RemoveAll', 'TrueForAll', 'ConvertAll'].map((name) => [name, [0]] as const),
  // A key and an element selector.
  ...['ToDictionary', 'ToLookup'].map((name) => [name, [0, 1]] as const),
]);

/** Methods whose result is a collection of the receiver's own elements (`xs.Where(…)`, `xs.ToList()`). */
export const ELEMENT_PRESERVING: ReadonlySet<string> = new Set([
  'Where', 'OrderBy', 'OrderByDescending', 'ThenBy', 'ThenByDescending', 'Skip', 'SkipLast', 'SkipWhile', 'Take', 'TakeLast',
  'TakeWhile', 'Distinct', 'DistinctBy', 'Reverse', 'AsEnumerable', 'ToList', 'ToArray', 'ToHashSet', 'Append', 'Prepend',
  'Concat', 'Union', 'Intersect', 'Except', 'DefaultIfEmpty', 'FindAll', 'AsReadOnly', 'ToImmutableArray', 'ToImmutableList',
]);

/** Methods whose result is one of the receiver's elements (`xs.First()`, `stack.Pop()`). */
export const SINGLE_ELEMENT: ReadonlySet<string> = new Set([
  'First', 'FirstOrDefault', 'Last', 'LastOrDefault', 'Single', 'SingleOrDefault', 'ElementAt', 'ElementAtOrDefault',
  'Find', 'FindLast', 'MinBy', 'MaxBy', 'Peek', 'Pop', 'Dequeue',
]);
