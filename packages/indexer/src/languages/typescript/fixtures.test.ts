/**
 * The ECMAScript fixtures (fixtures/typescript, fixtures/javascript) extract cleanly and their
 * imports land where EXPECTED.md says. Linking calls is the resolver's job and is tested there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { FileExtraction } from '../../model/extraction.js';
import { extractForTest } from '../../test-support/test-parser.js';
import { ecmascriptExtractor } from './extractor.js';
import { createEcmascriptImportResolver } from './module-resolution.js';

/** Parse and extract one file; the language follows the file extension. */
const extractSource = (source: string, path = 'src/file.ts') => extractForTest(ecmascriptExtractor, source, path);

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

function sourceFiles(root: string, dir = ''): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...sourceFiles(root, rel));
    else if (/\.(ts|tsx|js|jsx|mjs|cjs)$/.test(entry.name)) out.push(rel);
  }
  return out.sort();
}

async function loadFixture(name: string) {
  const root = path.join(REPO_ROOT, 'fixtures', name);
  const files = sourceFiles(root);
  const extractions = new Map<string, FileExtraction>();
  for (const file of files) extractions.set(file, await extractSource(fs.readFileSync(path.join(root, file), 'utf8'), file));
  const resolver = createEcmascriptImportResolver({
    root,
    files: new Set(files),
    extraction: (rel) => extractions.get(rel),
    readText: (rel) => {
      try {
        return fs.readFileSync(path.join(root, rel), 'utf8');
      } catch {
        return undefined;
      }
    },
  });
  const importsOf = (file: string) => Object.fromEntries(
    extractions.get(file)!.imports.map((i) => [i.specifier, resolver.specifiers.resolveModule(file, i.specifier)]));
  return { files, extractions, importsOf };
}

function names(extraction: FileExtraction, kind: string): string[] {
  return extraction.declarations.filter((d) => d.kind === kind).map((d) => d.qualifiedName);
}

describe('fixtures/typescript', async () => {
  const { files, extractions, importsOf } = await loadFixture('typescript');

  it('has its 12 source files, 2 of them TSX, and syntax errors only in broken.ts', () => {
    expect(files).toHaveLength(12);
    expect(files.filter((f) => f.endsWith('.tsx'))).toHaveLength(2);
    expect(files.filter((f) => extractions.get(f)!.errors.length > 0)).toEqual(['src/broken.ts']);
    expect(names(extractions.get('src/broken.ts')!, 'function')).toEqual(['brokenBefore', 'stillGood']);
  });

  it('resolves its imports as EXPECTED.md lists them', () => {
    expect(importsOf('src/app.ts')).toEqual({
      lodash: null,
      './index': 'src/index.ts',
      '@app/services/user-service': 'src/services/user-service.ts',
      '@fixture/shared': 'packages/shared/src/index.ts',
    });
    expect(importsOf('src/services/user-service.ts')).toEqual({
      '../utils/strings': 'src/utils/strings.ts',
      '../legacy/format': 'src/legacy/format.ts',
      '@fixture/shared': 'packages/shared/src/index.ts',
      './base-service': 'src/services/base-service.ts',
    });
    expect(importsOf('src/components/UserCard.tsx')).toEqual({
      './Avatar': 'src/components/Avatar.tsx',
      '@fixture/shared': 'packages/shared/src/index.ts',
      '../services/user-service': 'src/services/user-service.ts',
    });
  });

  it('extracts the components, the barrels and the traps', () => {
    expect(names(extractions.get('src/components/Avatar.tsx')!, 'component')).toEqual(['Avatar']);
    expect(names(extractions.get('src/components/UserCard.tsx')!, 'component')).toEqual(['UserCard']);
    expect(extractions.get('src/utils/index.ts')!.exports.map((e) => [e.specifier, e.names])).toEqual([
      ['./strings', '*'], ['./numbers', [{ exported: 'toNumber', local: 'parseNumber' }]],
    ]);
    const app = extractions.get('src/app.ts')!;
    expect(app.references.find((r) => r.name === 'parseNumber' && r.receiver?.length === 0)?.locallyBound).toBe(true);
    expect(app.references.find((r) => r.name === 'map')).toMatchObject({ receiver: [] });
  });
});

describe('fixtures/javascript', async () => {
  const { files, extractions, importsOf } = await loadFixture('javascript');

  it('has its 12 source files, 2 of them JSX, and syntax errors only in broken.js', () => {
    expect(files).toHaveLength(12);
    expect(files.filter((f) => f.endsWith('.jsx'))).toHaveLength(2);
    expect(files.filter((f) => extractions.get(f)!.errors.length > 0)).toEqual(['src/broken.js']);
    expect(names(extractions.get('src/broken.js')!, 'function')).toEqual(['brokenBefore', 'stillGood']);
  });

  it('resolves CommonJS, ESM and alias imports', () => {
    expect(importsOf('src/server.js')).toEqual({
      express: null, '../lib/math': 'lib/math.js', '../lib/strings': 'lib/strings.js', '../lib/legacy': 'lib/legacy.js',
    });
    expect(importsOf('src/app.jsx')).toEqual({
      lodash: null, './index.js': 'src/index.js', '@models': 'src/models/index.js',
      './components/ShapeView.jsx': 'src/components/ShapeView.jsx',
    });
    expect(importsOf('src/models/circle.js')).toEqual({ './shape.js': 'src/models/shape.js', '../../lib/math.js': 'lib/math.js' });
  });

  it('reads CommonJS exports and destructured requires', () => {
    const server = extractions.get('src/server.js')!;
    expect(server.imports.find((i) => i.specifier === '../lib/math')!.bindings).toEqual([
      { local: 'add', imported: 'add' }, { local: 'times', imported: 'multiply' },
    ]);
    expect(server.imports.find((i) => i.specifier === '../lib/legacy')!.bindings).toEqual([{ local: 'format', imported: '*' }]);
    expect(extractions.get('lib/legacy.js')!.exports).toEqual([
      { specifier: null, names: [{ exported: 'default', local: 'format' }], line: 8 },
    ]);
    const math = extractions.get('lib/math.js')!;
    expect(math.declarations.filter((d) => d.isExported).map((d) => d.name)).toEqual(['add', 'multiply', 'square']);
    expect(names(extractions.get('src/components/ShapeView.jsx')!, 'component')).toEqual(['ShapeView', 'ShapeList']);
  });
});
