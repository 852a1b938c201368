import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { WorkspaceView } from '../../model/language-support.js';
import { createPythonImportResolver, joinSubmoduleSpecifier, type PythonImportResolver } from './module-resolution.js';

const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

/** Writes the files into a fresh temp folder and returns a workspace view of it, as the pipeline would. */
function workspace(paths: string[]): WorkspaceView {
  const root = mkdtempSync(join(tmpdir(), 'arbor-py-resolve-'));
  temps.push(root);
  for (const path of paths) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), '# python\n');
  }
  const files = new Set<string>();
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const full = join(folder, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.add(relative(root, full).split('\\').join('/'));
    }
  };
  walk(root);
  return {
    root,
    files,
    readText: (path) => {
      try {
        return readFileSync(join(root, path), 'utf8');
      } catch {
        return undefined;
      }
    },
  };
}

function resolver(paths: string[]): PythonImportResolver {
  return createPythonImportResolver(workspace(paths)) as PythonImportResolver;
}

describe('python module resolution', () => {
  it('maps dotted names to modules and packages, and leaves stdlib / third-party unresolved', () => {
    const r = resolver(['pkg/__init__.py', 'pkg/a.py', 'pkg/sub/__init__.py', 'pkg/sub/mod.py', 'main.py']);
    expect(r.resolveModule('main.py', 'pkg')).toBe('pkg/__init__.py');
    expect(r.resolveModule('main.py', 'pkg.a')).toBe('pkg/a.py');
    expect(r.resolveModule('main.py', 'pkg.sub')).toBe('pkg/sub/__init__.py');
    expect(r.resolveModule('main.py', 'pkg.sub.mod')).toBe('pkg/sub/mod.py');
    expect(r.resolveModule('pkg/a.py', 'pkg.sub.mod')).toBe('pkg/sub/mod.py');
    expect(r.resolveModule('main.py', 'pkg.missing')).toBeNull();
    expect(r.resolveModule('main.py', 'os')).toBeNull();
    expect(r.resolveModule('main.py', 'os.path')).toBeNull();
    expect(r.resolveModule('main.py', 'requests')).toBeNull();
    expect(r.resolveModule('main.py', 'not-a-module')).toBeNull();
    expect(r.resolveModule('main.py', '')).toBeNull();
  });

  it('prefers a package over a module of the same name, and source over stubs', () => {
    const r = resolver(['x/__init__.py', 'x.py', 'typed.py', 'typed.pyi', 'stubbed.pyi', 'spkg/__init__.pyi', 'main.py']);
    expect(r.resolveModule('main.py', 'x')).toBe('x/__init__.py');
    expect(r.resolveModule('main.py', 'typed')).toBe('typed.py');
    expect(r.resolveModule('main.py', 'stubbed')).toBe('stubbed.pyi');
    expect(r.resolveModule('main.py', 'spkg')).toBe('spkg/__init__.pyi');
  });

  it('resolves relative imports at one, two and three levels', () => {
    const r = resolver(['pkg/__init__.py', 'pkg/a.py', 'pkg/sub/__init__.py', 'pkg/sub/mod.py', 'pkg/sub/sibling.py', 'pkg/sub/deep/leaf.py']);
    expect(r.resolveModule('pkg/sub/mod.py', '.')).toBe('pkg/sub/__init__.py');
    expect(r.resolveModule('pkg/sub/mod.py', '.sibling')).toBe('pkg/sub/sibling.py');
    expect(r.resolveModule('pkg/sub/mod.py', '..')).toBe('pkg/__init__.py');
    expect(r.resolveModule('pkg/sub/mod.py', '..a')).toBe('pkg/a.py');
    expect(r.resolveModule('pkg/sub/deep/leaf.py', '...a')).toBe('pkg/a.py');
    expect(r.resolveModule('pkg/sub/deep/leaf.py', '..sibling')).toBe('pkg/sub/sibling.py');
    expect(r.resolveModule('pkg/__init__.py', '.a')).toBe('pkg/a.py');
    expect(r.resolveModule('pkg/__init__.py', '.sub.mod')).toBe('pkg/sub/mod.py');
    expect(r.resolveModule('pkg/sub/mod.py', '.nothing')).toBeNull();
    expect(r.resolveModule('pkg/sub/mod.py', '...')).toBeNull(); // the root has no __init__.py
    expect(r.resolveModule('pkg/sub/mod.py', '....a')).toBeNull(); // above the project root
    expect(r.resolveModule('pkg/sub/mod.py', '.bad-name')).toBeNull();
  });

  it('finds packages under src/ and under the parent folder of a top-level package', () => {
    const r = resolver([
      'src/app/__init__.py', 'src/app/core.py', 'tests/test_core.py',
      'backend/api/__init__.py', 'backend/api/views.py', 'backend/settings.py',
    ]);
    expect(r.resolveModule('tests/test_core.py', 'app.core')).toBe('src/app/core.py');
    expect(r.resolveModule('tests/test_core.py', 'src.app.core')).toBe('src/app/core.py');
    expect(r.resolveModule('tests/test_core.py', 'api.views')).toBe('backend/api/views.py');
    expect(r.resolveModule('backend/api/views.py', 'settings')).toBe('backend/settings.py');
  });

  it('imports namespace packages (no __init__.py) from a source root', () => {
    const r = resolver(['tools/gen/helpers.py', 'main.py']);
    expect(r.resolveModule('main.py', 'tools.gen.helpers')).toBe('tools/gen/helpers.py');
    expect(r.resolveModule('main.py', 'tools.gen')).toBeNull(); // a namespace package has no file
    expect(r.resolveModule('main.py', 'gen.helpers')).toBeNull(); // `tools` is not a source root
  });

  it('lets a script import its neighbours, but nobody else', () => {
    const r = resolver(['scripts/run.py', 'scripts/helpers.py', 'pkg/__init__.py', 'pkg/a.py']);
    expect(r.resolveModule('scripts/run.py', 'helpers')).toBe('scripts/helpers.py');
    expect(r.resolveModule('pkg/a.py', 'helpers')).toBeNull();
  });

  it('never guesses between two roots, unless one is the importer’s own', () => {
    const r = resolver([
      'svc1/app/__init__.py', 'svc1/app/models.py', 'svc1/app/views.py',
      'svc2/app/__init__.py', 'svc2/app/models.py',
      'tools/report.py',
    ]);
    expect(r.resolveModule('svc1/app/views.py', 'app.models')).toBe('svc1/app/models.py');
    expect(r.resolveModule('svc2/app/__init__.py', 'app.models')).toBe('svc2/app/models.py');
    expect(r.resolveModule('tools/report.py', 'app.models')).toBeNull();
    expect(r.resolveModule('tools/report.py', 'svc1.app.models')).toBe('svc1/app/models.py');
  });

  it('names and resolves submodules of packages', () => {
    const r = resolver(['pkg/__init__.py', 'pkg/a.py', 'pkg/sub/__init__.py', 'pkg/main.py']);
    expect(r.submoduleSpecifier?.('pkg/__init__.py', 'a')).toBe('.a');
    expect(r.resolveModule('pkg/__init__.py', r.submoduleSpecifier!('pkg/__init__.py', 'sub')!)).toBe('pkg/sub/__init__.py');
    expect(r.submoduleSpecifier?.('pkg/a.py', 'x')).toBeNull(); // a plain module has no submodules
    expect(r.resolveSubmodule('pkg/main.py', '.', 'a')).toBe('pkg/a.py');
    expect(r.resolveSubmodule('pkg/main.py', 'pkg', 'sub')).toBe('pkg/sub/__init__.py');
    expect(r.resolveSubmodule('pkg/main.py', 'pkg', 'nothing')).toBeNull();
    expect(r.resolveSubmodule('pkg/main.py', 'pkg', '*')).toBeNull();
    expect(joinSubmoduleSpecifier('..', 'x')).toBe('..x');
    expect(joinSubmoduleSpecifier('..m', 'x')).toBe('..m.x');
    expect(r.importsAreVisibleAttributes).toBe(true);
  });

  it('knows the Python builtins', () => {
    const r = resolver(['main.py']);
    for (const name of ['print', 'len', 'range', 'isinstance', 'super', 'open', 'ValueError', 'KeyboardInterrupt', 'object']) {
      expect(r.isBuiltin(name), name).toBe(true);
    }
    for (const name of ['helper', 'os', 'join', 'self', 'Parser']) expect(r.isBuiltin(name), name).toBe(false);
  });
});
