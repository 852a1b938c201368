/**
 * A WorkspaceView over texts held in memory, built as an index run builds it: every file of a
 * supported language is extracted and indexed, and the others (manifests such as `go.mod`,
 * `Cargo.toml`, `composer.json`) are only readable. For module-resolution tests: a resolver sees a
 * source file through its extraction, as it does in an index run.
 */
import type { FileExtraction } from '../model/extraction.js';
import type { WorkspaceView } from '../model/language-support.js';
import { extractFile } from '../extraction/extract-file.js';
import { extractionLanguages, languageForPath } from '../languages/index.js';

export async function extractedWorkspace(texts: Record<string, string>, root = '/repo'): Promise<WorkspaceView> {
  const extractions = new Map<string, FileExtraction>();
  for (const [path, text] of Object.entries(texts)) {
    const language = languageForPath(path);
    if (language) extractions.set(path, await extractFile(path, language, new TextEncoder().encode(text), extractionLanguages));
  }
  return {
    root,
    files: new Set(extractions.keys()),
    extraction: (path) => extractions.get(path),
    readText: (path) => (extractions.has(path) ? undefined : texts[path]),
  };
}
