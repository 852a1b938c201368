import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportResolver } from '../../model/language-support.js';
import { extractedWorkspace } from '../../test-support/extracted-workspace.js';
import { parseCargoManifest } from './cargo.js';
import { createRustImportResolver } from './module-resolution.js';

describe('Cargo manifests', () => {
  it('reads the package and lib names, target paths and auto-discovery switches', () => {
    const manifest = parseCargoManifest('crates/core', [
      '[package]', 'name = "grep-cli" # the cli', 'autotests = false', '',
      '[lib]', 'path = "lib/mod.rs"', '', '[[bin]]', 'name = "rg"', 'path = "main.rs"', '', '[[test]]', "path = 'tests/all.rs'",
    ].join('\n'));
    expect(manifest).toMatchObject({ packageName: 'grep-cli', libName: 'grep_cli', libPath: 'lib/mod.rs', targetPaths: ['main.rs', 'tests/all.rs'] });
    expect([...manifest.noAuto]).toEqual(['tests']);
  });
});

describe('Rust module tree and crates', () => {
  const texts: Record<string, string> = {
    'Cargo.toml': '[package]\nname = "app"\n\n[[bin]]\nname = "app"\npath = "crates/core/main.rs"\n\n[workspace]\nmembers = ["crates/util"]\n',
    'crates/core/main.rs': 'mod flags;\nmod search;\n',
    'crates/core/flags/mod.rs': 'mod parse;\n',
    'crates/core/flags/parse.rs': '',
    'crates/core/search.rs': '',
    'crates/util/Cargo.toml': '[package]\nname = "my-util"\n',
    'crates/util/src/lib.rs': '#[macro_use]\nmod macros;\npub mod text;\nmod hidden;\n',
    'crates/util/src/main.rs': 'mod cli;\n',
    'crates/util/src/cli.rs': '',
    'crates/util/src/text.rs': '',
    'crates/util/src/macros.rs': '',
    'crates/util/src/hidden.rs': '',
    'crates/util/tests/api.rs': 'mod common;\n',
    'crates/util/tests/common/mod.rs': '',
  };
  let resolver: ImportResolver;
  beforeAll(async () => {
    resolver = createRustImportResolver(await extractedWorkspace(texts));
  });

  it('resolves crate::, self::, super:: and child-module paths through a.rs and a/mod.rs', () => {
    expect(resolver.specifiers.resolveModule('crates/core/main.rs', 'self::flags')).toBe('crates/core/flags/mod.rs');
    expect(resolver.specifiers.resolveModule('crates/core/search.rs', 'crate::flags::parse')).toBe('crates/core/flags/parse.rs');
    expect(resolver.specifiers.resolveModule('crates/core/flags/parse.rs', 'super')).toBe('crates/core/flags/mod.rs');
    expect(resolver.specifiers.resolveModule('crates/core/flags/parse.rs', 'super::super::search')).toBe('crates/core/search.rs');
    expect(resolver.specifiers.resolveModule('crates/core/main.rs', 'flags::parse')).toBe('crates/core/flags/parse.rs');
    expect(resolver.specifiers.resolveModule('crates/core/main.rs', 'super')).toBeNull();
  });

  it('a path into modules written inside a file is that file and the module names', () => {
    expect(resolver.specifiers.resolveNestedModule!('crates/core/search.rs', 'crate::tests::util')).toEqual({ file: 'crates/core/main.rs', modules: ['tests', 'util'] });
    expect(resolver.specifiers.resolveNestedModule!('crates/core/search.rs', 'crate::flags::inline')).toEqual({ file: 'crates/core/flags/mod.rs', modules: ['inline'] });
    expect(resolver.specifiers.resolveNestedModule!('crates/core/search.rs', 'std::io')).toBeNull();
  });

  it('a workspace crate by its library name; std and dependencies are external', () => {
    expect(resolver.specifiers.resolveModule('crates/core/search.rs', 'my_util::text')).toBe('crates/util/src/text.rs');
    expect(resolver.specifiers.resolveModule('crates/core/search.rs', '::my_util')).toBe('crates/util/src/lib.rs');
    expect(resolver.specifiers.resolveModule('crates/core/search.rs', 'std::collections')).toBeNull();
    expect(resolver.specifiers.implicitModule!('crates/core/search.rs', 'my_util')).toBe('crates/util/src/lib.rs');
    expect(resolver.specifiers.implicitModule!('crates/core/flags/parse.rs', 'crate')).toBe('crates/core/main.rs');
    expect(resolver.specifiers.implicitModule!('crates/core/search.rs', 'serde')).toBeNull();
  });

  it('a file belongs to the root that declares its module; tests/ files are crates of their own', () => {
    expect(resolver.packages!.packageOf('crates/util/src/cli.rs')).toBe('crates/util/src/main.rs');
    expect(resolver.packages!.packageOf('crates/util/src/text.rs')).toBe('crates/util/src/lib.rs');
    expect(resolver.packages!.packageOf('crates/util/tests/api.rs')).toBe('crates/util/tests/api.rs');
    expect(resolver.packages!.packageOf('crates/util/tests/common/mod.rs')).toBe('crates/util/tests/api.rs');
    // A test crate naming the library is no module of itself.
    expect(resolver.specifiers.resolveModule('crates/util/tests/api.rs', 'my_util')).toBe('crates/util/src/lib.rs');
  });

  it('only the macros of a #[macro_use] module are visible across the crate', () => {
    const macro = { kind: 'function', name: 'm!', qualifiedName: 'm!', parent: null, startLine: 1, endLine: 1, startColumn: 0, endColumn: 1 } as const;
    expect(resolver.packages!.visibleInPackage!('crates/util/src/macros.rs', macro)).toBe(true);
    expect(resolver.packages!.visibleInPackage!('crates/util/src/hidden.rs', macro)).toBe(false);
    expect(resolver.packages!.visibleInPackage!('crates/util/src/macros.rs', { ...macro, name: 'm' })).toBe(false);
  });
});
