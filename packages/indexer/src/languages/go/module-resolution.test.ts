import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportResolver } from '../../model/language-support.js';
import { extractedWorkspace } from '../../test-support/extracted-workspace.js';
import { createGoImportResolver, defaultImportName, parseGoMod } from './module-resolution.js';

describe('Go modules and packages', () => {
  const texts: Record<string, string> = {
    'go.mod': 'module example.com/app\n\ngo 1.21\n\nreplace example.com/lib => ./third_party/lib\nreplace (\n\texample.com/remote => example.com/fork v1.0.0\n)\n',
    'main.go': '// Package main runs.\npackage main\n',
    'web/server.go': '// Copyright.\n\n// Package web serves.\npackage web\n',
    'web/server_test.go': 'package web\n',
    'web/api_test.go': 'package web_test\n',
    'web/tool.go': '//go:build ignore\n\npackage main\n',
    'plugins/go.mod': 'module example.com/app/plugins\n',
    'plugins/auth/auth.go': 'package auth\n',
    'third_party/lib/lib.go': 'package lib\n',
    'vendor/example.com/dep/dep.go': 'package dep\n',
    'legacy/v2/thing.go': 'package thing\n',
  };
  let resolver: ImportResolver;
  beforeAll(async () => {
    resolver = createGoImportResolver(await extractedWorkspace(texts));
  });

  it('a package is the files of one folder with one package clause; an external test package stays apart', () => {
    expect(resolver.packages!.packageOf('web/server.go')).toBe('web\0web');
    expect(resolver.packages!.packageOf('web/server_test.go')).toBe('web\0web');
    expect(resolver.packages!.packageOf('web/api_test.go')).toBe('web\0web_test');
    expect(resolver.packages!.packageOf('web/tool.go')).toBe('web\0main');
    expect(resolver.packages!.packageOf('main.go')).toBe('\0main');
    expect(resolver.packages!.packageOf('README.md')).toBeNull();
  });

  it('an import path lands on a folder through go.mod: module path, nested modules, local replaces', () => {
    expect(resolver.packages!.importedPackage!('main.go', 'example.com/app/web')).toBe('web\0web');
    expect(resolver.packages!.importedPackage!('main.go', 'example.com/app/plugins/auth')).toBe('plugins/auth\0auth');
    expect(resolver.packages!.importedPackage!('main.go', 'example.com/lib')).toBe('third_party/lib\0lib');
    expect(resolver.packages!.importedPackage!('main.go', 'example.com/app/legacy/v2')).toBe('legacy/v2\0thing');
  });

  it('external modules, vendored copies, a replace by another module and missing folders land nowhere', () => {
    expect(resolver.packages!.importedPackage!('main.go', 'example.com/dep')).toBeNull();
    expect(resolver.packages!.importedPackage!('main.go', 'example.com/app/vendor/example.com/dep')).toBeNull();
    expect(resolver.packages!.importedPackage!('main.go', 'example.com/remote')).toBeNull();
    expect(resolver.packages!.importedPackage!('main.go', 'example.com/app/nothing')).toBeNull();
    expect(resolver.packages!.importedPackage!('main.go', 'fmt')).toBeNull();
    expect(resolver.specifiers.resolveModule('main.go', 'example.com/app/web')).toBeNull();
  });

  it('builtins are never linked', () => {
    expect(resolver.isBuiltin('len')).toBe(true);
    expect(resolver.isBuiltin('string')).toBe(true);
    expect(resolver.isBuiltin('Handle')).toBe(false);
  });

  it('reads go.mod lines and default import names', () => {
    expect(parseGoMod('', 'module "x.org/y" // comment\nreplace a.org/b v1 => ../b\n')).toEqual({ dir: '', path: 'x.org/y', replaces: new Map() });
    expect(parseGoMod('sub', 'module x.org/y\nreplace a.org/b v1 => ../b\n')?.replaces.get('a.org/b')).toBe('b');
    // A target written with a trailing slash is the same folder.
    expect(parseGoMod('examples', 'module examples\nreplace x.org/y/v2 => ../\n')?.replaces.get('x.org/y/v2')).toBe('');
    expect(parseGoMod('examples', 'module examples\nreplace x.org/lib => ../lib/\n')?.replaces.get('x.org/lib')).toBe('lib');
    // A folder named `..b` is inside the workspace; only `..` and `../…` leave it.
    expect(parseGoMod('', 'module x.org/y\nreplace a.org/b v1 => ./..b\n')?.replaces.get('a.org/b')).toBe('..b');
    expect(parseGoMod('', 'go 1.21\n')).toBeNull();
    expect(defaultImportName('github.com/go-playground/validator/v10')).toBe('validator');
    expect(defaultImportName('gopkg.in/yaml.v3')).toBe('yaml');
    expect(defaultImportName('github.com/mattn/go-isatty')).toBe('isatty');
    expect(defaultImportName('net/http')).toBe('http');
  });
});
