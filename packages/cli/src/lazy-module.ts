/**
 * Loads a compiled module of this package (a path relative to dist/) only when a command runs it.
 * The path is computed, so the bundler leaves the import alone: `arbor mcp` and `arbor watch` pull
 * in the MCP SDK and the file watcher, which query commands should never pay to load. This file
 * and the bundle both sit at the top of dist/, so the same relative path works from either.
 */
export async function loadDistModule<T>(relativePath: string): Promise<T> {
  return (await import(new URL(relativePath, import.meta.url).href)) as T;
}
