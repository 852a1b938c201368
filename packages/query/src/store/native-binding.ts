/**
 * Where better-sqlite3's compiled addon is, handed to it when a database opens. Left to itself,
 * better-sqlite3 finds the addon through the `bindings` package, which loads two more packages and
 * tries a list of candidate paths by requiring each: about 6 ms of a query process's CPU here
 * (python/mypy, 7 runs each: median 21.5 against 28.5 ms from require to an open database). The
 * addon sits at the place node-gyp builds it; where it is not (a debug build, a relocated install),
 * undefined lets better-sqlite3 search as it always does.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

let found: string | null | undefined;

export function betterSqliteAddon(): string | undefined {
  if (found === undefined) {
    try {
      // The package this module's own `import 'better-sqlite3'` loads: resolved from the same folder.
      const main = createRequire(import.meta.url).resolve('better-sqlite3');
      const addon = join(dirname(main), '..', 'build', 'Release', 'better_sqlite3.node');
      found = existsSync(addon) ? addon : null;
    } catch {
      found = null;
    }
  }
  return found ?? undefined;
}
