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
    extraction: () => undefined,
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
    expect(r.specifiers.resolveModule('main.py', 'pkg')).toBe('pkg/__init__.py');
    expect(r.specifiers.resolveModule('main.py', 'pkg.a')).toBe('pkg/a.py');
    expect(r.specifiers.resolveModule('main.py', 'pkg.sub')).toBe('pkg/sub/__init__.py');
    expect(r.specifiers.resolveModule('main.py', 'pkg.sub.mod')).toBe('pkg/sub/mod.py');
    expect(r.specifiers.resolveModule('pkg/a.py', 'pkg.sub.mod')).toBe('pkg/sub/mod.py');
    expect(r.specifiers.resolveModule('main.py', 'pkg.missing')).toBeNull();
    expect(r.specifiers.resolveModule('main.py', 'os')).toBeNull();
    expect(r.specifiers.resolveModule('main.py', 'os.path')).toBeNull();
    expect(r.specifiers.resolveModule('main.py', 'requests')).toBeNull();
    expect(r.specifiers.resolveModule('main.py', 'not-a-module')).toBeNull();
    expect(r.specifiers.resolveModule('main.py', '')).toBeNull();
  });

  it('prefers a package over a module of the same name, and source over stubs', () => {
    const r = resolver(['x/__init__.py', 'x.py', 'typed.py', 'typed.pyi', 'stubbed.pyi', 'spkg/__init__.pyi', 'main.py']);
    expect(r.specifiers.resolveModule('main.py', 'x')).toBe('x/__init__.py');
    expect(r.specifiers.resolveModule('main.py', 'typed')).toBe('typed.py');
    expect(r.specifiers.resolveModule('main.py', 'stubbed')).toBe('stubbed.pyi');
    expect(r.specifiers.resolveModule('main.py', 'spkg')).toBe('spkg/__init__.pyi');
  });

  it('resolves relative imports at one, two and three levels', () => {
    const r = resolver(['pkg/__init__.py', 'pkg/a.py', 'pkg/sub/__init__.py', 'pkg/sub/mod.py', 'pkg/sub/sibling.py', 'pkg/sub/deep/leaf.py']);
    expect(r.specifiers.resolveModule('pkg/sub/mod.py', '.')).toBe('pkg/sub/__init__.py');
    expect(r.specifiers.resolveModule('pkg/sub/mod.py', '.sibling')).toBe('pkg/sub/sibling.py');
    expect(r.specifiers.resolveModule('pkg/sub/mod.py', '..')).toBe('pkg/__init__.py');
    expect(r.specifiers.resolveModule('pkg/sub/mod.py', '..a')).toBe('pkg/a.py');
    expect(r.specifiers.resolveModule('pkg/sub/deep/leaf.py', '...a')).toBe('pkg/a.py');
    expect(r.specifiers.resolveModule('pkg/sub/deep/leaf.py', '..sibling')).toBe('pkg/sub/sibling.py');
    expect(r.specifiers.resolveModule('pkg/__init__.py', '.a')).toBe('pkg/a.py');
    expect(r.specifiers.resolveModule('pkg/__init__.py', '.sub.mod')).toBe('pkg/sub/mod.py');
    expect(r.specifiers.resolveModule('pkg/sub/mod.py', '.nothing')).toBeNull();
    expect(r.specifiers.resolveModule('pkg/sub/mod.py', '...')).toBeNull(); // the root has no __init__.py
    expect(r.specifiers.resolveModule('pkg/sub/mod.py', '....a')).toBeNull(); // above the project root
    expect(r.specifiers.resolveModule('pkg/sub/mod.py', '.bad-name')).toBeNull();
  });

  it('finds packages under src/ and under the parent folder of a top-level package', () => {
    const r = resolver([
      'src/app/__init__.py', 'src/app/core.py', 'tests/test_core.py',
      'backend/api/__init__.py', 'backend/api/views.py', 'backend/settings.py',
    ]);
    expect(r.specifiers.resolveModule('tests/test_core.py', 'app.core')).toBe('src/app/core.py');
    expect(r.specifiers.resolveModule('tests/test_core.py', 'src.app.core')).toBe('src/app/core.py');
    expect(r.specifiers.resolveModule('tests/test_core.py', 'api.views')).toBe('backend/api/views.py');
    expect(r.specifiers.resolveModule('backend/api/views.py', 'settings')).toBe('backend/settings.py');
  });

  it('imports namespace packages (no __init__.py) from a source root', () => {
    const r = resolver(['tools/gen/helpers.py', 'main.py']);
    expect(r.specifiers.resolveModule('main.py', 'tools.gen.helpers')).toBe('tools/gen/helpers.py');
    expect(r.specifiers.resolveModule('main.py', 'tools.gen')).toBeNull(); // a namespace package has no file
    expect(r.specifiers.resolveModule('main.py', 'gen.helpers')).toBeNull(); // `tools` is not a source root
  });

  it('lets a script import its neighbours, but nobody else', () => {
    const r = resolver(['scripts/run.py', 'scripts/helpers.py', 'pkg/__init__.py', 'pkg/a.py']);
    expect(r.specifiers.resolveModule('scripts/run.py', 'helpers')).toBe('scripts/helpers.py');
    expect(r.specifiers.resolveModule('pkg/a.py', 'helpers')).toBeNull();
  });

  it('never guesses between two roots, unless one is the importer’s own', () => {
    const r = resolver([
      'svc1/app/__init__.py', 'svc1/app/models.py', 'svc1/app/views.py',
      'svc2/app/__init__.py', 'svc2/app/models.py',
      'tools/report.py',
    ]);
    expect(r.specifiers.resolveModule('svc1/app/views.py', 'app.models')).toBe('svc1/app/models.py');
    expect(r.specifiers.resolveModule('svc2/app/__init__.py', 'app.models')).toBe('svc2/app/models.py');
    expect(r.specifiers.resolveModule('tools/report.py', 'app.models')).toBeNull();
    expect(r.specifiers.resolveModule('tools/report.py', 'svc1.app.models')).toBe('svc1/app/models.py');
  });

  it('never lands a stdlib import on a vendored typeshed copy, and takes the stdlib name only from the importer’s root', () => {
    const r = resolver([
      'os.py', 'json/__init__.py', 'test/__init__.py', 'test/pythoninfo.py', 'scripts/tool.py',
      'site-packages/jedi/__init__.py', 'site-packages/jedi/api.py',
      'site-packages/jedi/third_party/typeshed/stdlib/os/__init__.pyi', 'site-packages/jedi/third_party/typeshed/stdlib/os/path.pyi',
      'site-packages/jedi/third_party/typeshed/stdlib/time.pyi', 'site-packages/jedi/third_party/typeshed/stdlib/sys.pyi',
      'site-packages/jedi/third_party/typeshed/stdlib/abc.pyi',
      'site-packages/jedi/third_party/typeshed/stubs/six/six/__init__.pyi',
    ]);
    // The project is the stdlib: its own os.py; time and sys are C modules, so nothing.
    expect(r.specifiers.resolveModule('test/pythoninfo.py', 'os')).toBe('os.py');
    expect(r.specifiers.resolveModule('test/pythoninfo.py', 'time')).toBeNull();
    expect(r.specifiers.resolveModule('test/pythoninfo.py', 'sys')).toBeNull();
    expect(r.specifiers.resolveModule('test/pythoninfo.py', 'os.path')).toBeNull();
    expect(r.specifiers.resolveModule('test/pythoninfo.py', 'six')).toBeNull();
    // A script folder or an installed package does not define os: external.
    expect(r.specifiers.resolveModule('scripts/tool.py', 'json')).toBeNull();
    expect(r.specifiers.resolveModule('site-packages/jedi/api.py', 'os')).toBeNull();
    expect(r.specifiers.resolveModule('site-packages/jedi/api.py', 'time')).toBeNull();
    // Installed packages still see each other and are seen from the project.
    expect(r.specifiers.resolveModule('test/pythoninfo.py', 'jedi.api')).toBe('site-packages/jedi/api.py');
    expect(r.specifiers.resolveModule('site-packages/jedi/api.py', 'jedi')).toBe('site-packages/jedi/__init__.py');
    // Inside the stub tree, stubs still resolve among themselves.
    const stdlibStub = 'site-packages/jedi/third_party/typeshed/stdlib/os/__init__.pyi';
    expect(r.specifiers.resolveModule(stdlibStub, 'sys')).toBe('site-packages/jedi/third_party/typeshed/stdlib/sys.pyi');
    expect(r.specifiers.resolveModule(stdlibStub, 'os.path')).toBe('site-packages/jedi/third_party/typeshed/stdlib/os/path.pyi');
  });

  it('does not treat folders inside packages, site-packages or stub-only trees as source roots', () => {
    const r = resolver([
      'main.py',
      'pkg/__init__.py', 'pkg/tests/data/fixture/__init__.py', 'pkg/tests/data/fixture/mod.py',
      'site-packages/vendorlib/_vendor/inner/__init__.py', 'site-packages/vendorlib/_vendor/inner/x.py',
      'site-packages/vendorlib/__init__.py',
      'stubs/requests/__init__.pyi', 'lib/foo-stubs/foo/__init__.py',
    ]);
    expect(r.specifiers.resolveModule('main.py', 'fixture.mod')).toBeNull();
    expect(r.specifiers.resolveModule('main.py', 'inner.x')).toBeNull();
    expect(r.specifiers.resolveModule('main.py', 'requests')).toBeNull();
    expect(r.specifiers.resolveModule('main.py', 'foo')).toBeNull();
    expect(r.specifiers.resolveModule('main.py', 'vendorlib')).toBe('site-packages/vendorlib/__init__.py');
    // Their own files still find their neighbours through the importer's own root.
    expect(r.specifiers.resolveModule('pkg/tests/data/fixture/mod.py', 'fixture')).toBe('pkg/tests/data/fixture/__init__.py');
    expect(r.specifiers.resolveModule('site-packages/vendorlib/_vendor/inner/x.py', 'inner')).toBe('site-packages/vendorlib/_vendor/inner/__init__.py');
  });

  it('keeps monorepo services and packaging-marker folders as roots', () => {
    const r = resolver([
      'services/api/app/__init__.py', 'services/api/app/models.py', 'services/api/manage.py',
      'libs/single/pyproject.toml', 'libs/single/single.py', 'libs/other/helper.py',
      'tools/run.py',
    ]);
    expect(r.specifiers.resolveModule('tools/run.py', 'app.models')).toBe('services/api/app/models.py');
    expect(r.specifiers.resolveModule('services/api/manage.py', 'app.models')).toBe('services/api/app/models.py');
    expect(r.specifiers.resolveModule('tools/run.py', 'single')).toBe('libs/single/single.py');
    expect(r.specifiers.resolveModule('tools/run.py', 'helper')).toBeNull(); // libs/other has no marker and no package
  });

  it('ignores a typeshed copy with a packaging marker, and never guesses between two real roots', () => {
    const r = resolver([
      'a/pyproject.toml', 'a/shared.py', 'b/types-shared-stubs/x.py', 'b/typeshed/pyproject.toml', 'b/typeshed/shared.pyi',
      'c/pyproject.toml', 'c/dup.py', 'd/setup.py', 'd/dup.py', 'main.py',
    ]);
    expect(r.specifiers.resolveModule('main.py', 'shared')).toBe('a/shared.py');
    expect(r.specifiers.resolveModule('main.py', 'dup')).toBeNull(); // two real candidates: never guess
    expect(r.specifiers.resolveModule('b/typeshed/shared.pyi', 'shared')).toBe('b/typeshed/shared.pyi');
  });

  it('names and resolves submodules of packages', () => {
    const r = resolver(['pkg/__init__.py', 'pkg/a.py', 'pkg/sub/__init__.py', 'pkg/main.py']);
    expect(r.submodules.submoduleSpecifier('pkg/__init__.py', 'a')).toBe('.a');
    expect(r.specifiers.resolveModule('pkg/__init__.py', r.submodules.submoduleSpecifier('pkg/__init__.py', 'sub')!)).toBe('pkg/sub/__init__.py');
    expect(r.submodules.submoduleSpecifier('pkg/a.py', 'x')).toBeNull(); // a plain module has no submodules
    expect(r.submodules.resolveSubmodule('pkg/main.py', '.', 'a')).toBe('pkg/a.py');
    expect(r.submodules.resolveSubmodule('pkg/main.py', 'pkg', 'sub')).toBe('pkg/sub/__init__.py');
    expect(r.submodules.resolveSubmodule('pkg/main.py', 'pkg', 'nothing')).toBeNull();
    expect(r.submodules.resolveSubmodule('pkg/main.py', 'pkg', '*')).toBeNull();
    expect(joinSubmoduleSpecifier('..', 'x')).toBe('..x');
    expect(joinSubmoduleSpecifier('..m', 'x')).toBe('..m.x');
    expect(r.bindings?.importsAreVisibleAttributes).toBe(true);
  });

  it('knows the Python builtins', () => {
    const r = resolver(['main.py']);
    for (const name of ['print', 'len', 'range', 'isinstance', 'super', 'open', 'ValueError', 'KeyboardInterrupt', 'object']) {
      expect(r.isBuiltin(name), name).toBe(true);
    }
    for (const name of ['helper', 'os', 'join', 'self', 'Parser']) expect(r.isBuiltin(name), name).toBe(false);
  });
});
