/**
 * Where a worker thread's compiled script is. The package runs from dist/, where the script is
 * beside the module that starts it; tests run the TypeScript sources, so they fall back to the
 * built copy.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `starter`: the starting module's `import.meta.url`; `builtPath`: the script's path under dist/ (`workers/extract-worker.js`). */
export function compiledWorkerScript(starter: string, builtPath: string): URL {
  const sibling = new URL(`./${builtPath.slice(builtPath.lastIndexOf('/') + 1)}`, starter);
  if (existsSync(fileURLToPath(sibling))) return sibling;
  const built = new URL(`../../dist/${builtPath}`, starter);
  if (existsSync(fileURLToPath(built))) return built;
  throw new Error(`worker script ${builtPath} not found: run \`npm run build\` first`);
}
