/**
 * The proper leading parts of dotted names: `a` and `a.b` of `a.b.c`. A namespace or package that holds no file of
 * its own but leads to one (`io` of `io.circe`, `Acme` of `Acme.Data`) is one of these.
 */
export function dottedPrefixes(names: Iterable<string>): Set<string> {
  const prefixes = new Set<string>();
  for (const name of names) {
    const parts = name.split('.');
    for (let length = 1; length < parts.length; length++) prefixes.add(parts.slice(0, length).join('.'));
  }
  return prefixes;
}
