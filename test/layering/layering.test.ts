/**
 * The packages' layers (.dependency-cruiser.cjs) hold: the real tree has no violation, and a tree that
 * breaks a layer is refused, so a rule that matches nothing cannot pass for a kept one.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** dependency-cruiser's verdict on `folders` (relative to `cwd`) under the repository's rules. */
function cruise(cwd: string, folders: string[]): { modules: number; violations: Violation[] } {
  // It exits non-zero when it finds violations; the JSON report is on stdout either way.
  let stdout: string;
  try {
    stdout = execFileSync(process.execPath, [CLI, ...folders, '--config', join(ROOT, '.dependency-cruiser.cjs'), '--output-type', 'json'], {
      cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    stdout = (error as { stdout?: string }).stdout ?? '';
    if (!stdout) throw error;
  }
  const report = JSON.parse(stdout) as { summary: { totalCruised: number; violations: Violation[] } };
  return { modules: report.summary.totalCruised, violations: report.summary.violations };
}

describe('layering', () => {
  it('has no dependency that runs against the layers', () => {
    const { modules, violations } = cruise(ROOT, ['packages/vocabulary/src', 'packages/indexer/src', 'packages/query/src', 'packages/cli/src']);
    // Every package's sources were cruised, not an empty selection.
    expect(modules).toBeGreaterThan(300);
    expect(violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  });

  describe('refuses a tree that breaks them', () => {
    const tree = mkdtempSync(join(tmpdir(), 'arbor-layering-'));
    afterAll(() => rmSync(tree, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), text);
    };
    copyFileSync(join(ROOT, 'tsconfig.base.json'), join(tree, 'tsconfig.base.json'));
    const src = 'packages/indexer/src';
    write(`${src}/model/extraction.ts`, 'export interface FileExtraction { path: string }\n');
    write(`${src}/languages/python/extractor.ts`, "import type { FileExtraction } from '../../model/extraction.js';\nexport const f = (x: FileExtraction) => x;\n");
    write(`${src}/languages/go/extractor.ts`, "import { f } from '../python/extractor.js';\nexport const g = f;\n");
    write(`${src}/extraction/extract-file.ts`, "import { f } from '../languages/python/extractor.js';\nexport const run = f;\n");
    write(`${src}/resolution/resolver.ts`, "import { g } from '../languages/go/extractor.js';\nexport const resolve = g;\n");
    write(`${src}/storage/writer.ts`, "import { resolve } from '../resolution/resolver.js';\nimport { thread } from './thread.js';\nexport const write = [resolve, thread];\n");
    write(`${src}/storage/thread.ts`, "import type { write } from './writer.js';\nexport const thread = 1 as unknown as typeof write;\n");
    write('packages/query/src/store.ts', "import { write } from '../../indexer/src/storage/writer.js';\nexport const store = write;\n");

    it('names each broken rule at its import', () => {
      const found = cruise(tree, ['packages']).violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
      expect(found).toEqual([
        `extraction-names-no-language: ${src}/extraction/extract-file.ts → ${src}/languages/python/extractor.ts`,
        `language-folders-apart: ${src}/languages/go/extractor.ts → ${src}/languages/python/extractor.ts`,
        // A cycle is reported once, at the import that closes it.
        `no-cycles: ${src}/storage/thread.ts → ${src}/storage/writer.ts`,
        `no-reach-into-another-package: packages/query/src/store.ts → ${src}/storage/writer.ts`,
        `query-without-indexer: packages/query/src/store.ts → ${src}/storage/writer.ts`,
        `resolution-names-no-language: ${src}/resolution/resolver.ts → ${src}/languages/go/extractor.ts`,
        `storage-below-resolution: ${src}/storage/writer.ts → ${src}/resolution/resolver.ts`,
      ]);
    });
  });
});
