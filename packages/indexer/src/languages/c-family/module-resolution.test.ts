import { describe, expect, it } from 'vitest';
import type { WorkspaceView } from '../../model/language-support.js';
import { looksLikeCpp } from './extractor.js';
import { createCIncludeResolver, includeFoldersOf } from './module-resolution.js';

function workspace(texts: Record<string, string>): WorkspaceView {
  return {
    root: '/repo',
    files: new Set(Object.keys(texts).filter((path) => /\.[ch]$/.test(path))),
    readText: (path) => texts[path],
    extraction: () => undefined,
  };
}

describe('C includes', () => {
  it('a quoted include is looked for beside the file first, then in the conventional folders', () => {
    const resolver = createCIncludeResolver(workspace({
      'include/lib/api.h': '', 'src/util.h': '', 'src/unix/util.h': '', 'src/unix/core.c': '', 'src/common.h': '',
      'deps/z/include/z.h': '', 'config.h': '', 'tools/config.h': '', 'include/config.h': '',
    }));
    expect(resolver.specifiers.resolveModule('src/unix/core.c', 'util.h')).toBe('src/unix/util.h');
    expect(resolver.specifiers.resolveModule('src/unix/core.c', '../common.h')).toBe('src/common.h');
    expect(resolver.specifiers.resolveModule('src/unix/core.c', 'lib/api.h')).toBe('include/lib/api.h');
    expect(resolver.specifiers.resolveModule('src/unix/core.c', 'common.h')).toBe('src/common.h');
    expect(resolver.specifiers.resolveModule('src/unix/core.c', 'z.h')).toBe('deps/z/include/z.h');
    // An angle include is never looked for beside the file.
    expect(resolver.specifiers.resolveModule('src/unix/core.c', '<util.h>')).toBe('src/util.h');
    expect(resolver.specifiers.resolveModule('src/unix/core.c', '<stdio.h>')).toBeNull();
    // Two conventional folders hold it: no guess.
    expect(resolver.specifiers.resolveModule('src/unix/core.c', 'config.h')).toBeNull();
    expect(resolver.specifiers.resolveModule('tools/x.c', 'config.h')).toBe('tools/config.h');
    // Never outside the workspace.
    expect(resolver.specifiers.resolveModule('src/unix/core.c', '../../../etc/passwd.h')).toBeNull();
    expect(resolver.isBuiltin('printf')).toBe(false);
  });

  it('a compilation database names the include folders, in order, and only those inside the root', () => {
    const database = JSON.stringify([
      { directory: '/repo/build', file: '../src/a.c', arguments: ['cc', '-I../lib/include', '-iquote', '../src', '-I/usr/include', '-isystem', '../third'] },
      { directory: '/elsewhere/build', file: 'b.c', command: 'cc -Igen -I ../../../outside -c b.c' },
    ]);
    expect(includeFoldersOf(database, '/repo', 'build')).toEqual(['lib/include', 'src', 'third', 'build/gen']);
    expect(includeFoldersOf('not json', '/repo', '')).toBeNull();
    expect(includeFoldersOf('[{"directory": "/repo", "arguments": ["cc", "-I/usr/include"]}]', '/repo', '')).toBeNull();

    const resolver = createCIncludeResolver(workspace({
      'build/compile_commands.json': database,
      'lib/include/api.h': '', 'src/api.h': '', 'app/main.c': '', 'include/api.h': '',
    }));
    // The database's order decides; the conventional include/ folder is not consulted.
    expect(resolver.specifiers.resolveModule('app/main.c', 'api.h')).toBe('lib/include/api.h');
  });

  it('a header whose text is C++ is told apart from a C header made includable from C++', () => {
    expect(looksLikeCpp('#pragma once\nnamespace leveldb {\nclass Slice;\n}\n')).toBe(true);
    expect(looksLikeCpp('template <typename T>\nT max(T a, T b);\n')).toBe(true);
    expect(looksLikeCpp('class Arena {\n public:\n  Arena();\n};\n')).toBe(true);
    expect(looksLikeCpp('#ifdef __cplusplus\nextern "C" {\n#endif\nint f(void);\n#ifdef __cplusplus\n}\n#endif\n')).toBe(false);
    expect(looksLikeCpp('struct s { int class_id; };\n/* a class of errors */\nint classify(int);\n')).toBe(false);
  });
});
