import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ImportResolver, WorkspaceView } from '../../model/language-support.js';
import { stripJsonc } from './jsonc.js';
import { createEcmascriptImportResolver } from './module-resolution.js';

const tempRoots: string[] = [];
afterAll(() => {
  for (const root of tempRoots) fs.rmSync(root, { recursive: true, force: true });
});

/**
 * A workspace on disk. `files` are written and indexed; `unindexed` are written only (configs,
 * package.json, build outputs nobody indexed).
 */
function workspace(files: Record<string, string>, unindexed: Record<string, string> = {}): { view: WorkspaceView; reads: string[] } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-esm-'));
  tempRoots.push(root);
  for (const [rel, text] of Object.entries({ ...files, ...unindexed })) {
    const abs = path.join(root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
  }
  const reads: string[] = [];
  const view: WorkspaceView = {
    root,
    files: new Set(Object.keys(files)),
    extraction: () => undefined,
    readText(rel) {
      reads.push(rel);
      try {
        return fs.readFileSync(path.join(root, rel), 'utf8');
      } catch {
        return undefined;
      }
    },
  };
  return { view, reads };
}

function resolverFor(files: Record<string, string>, unindexed: Record<string, string> = {}): ImportResolver {
  return createEcmascriptImportResolver(workspace(files, unindexed).view);
}

describe('ecmascript import resolver: relative specifiers', () => {
  const resolver = resolverFor({
    'src/app.ts': '',
    'src/util.ts': '',
    'src/view.tsx': '',
    'src/legacy.js': '',
    'src/esm.mjs': '',
    'src/types.d.ts': '',
    'src/both.ts': '',
    'src/both.js': '',
    'src/lib/index.ts': '',
    'src/widgets/index.jsx': '',
    'src/nested/deep/file.ts': '',
    'src/plain.js': '',
    'src/plain-consumer.js': '',
    'src/data.json': '',
    'index.ts': '',
  });

  it('probes extensions and index files', () => {
    expect(resolver.specifiers.resolveModule('src/app.ts', './util')).toBe('src/util.ts');
    expect(resolver.specifiers.resolveModule('src/app.ts', './view')).toBe('src/view.tsx');
    expect(resolver.specifiers.resolveModule('src/app.ts', './legacy')).toBe('src/legacy.js');
    expect(resolver.specifiers.resolveModule('src/app.ts', './esm')).toBe('src/esm.mjs');
    expect(resolver.specifiers.resolveModule('src/app.ts', './types')).toBe('src/types.d.ts');
    expect(resolver.specifiers.resolveModule('src/app.ts', './lib')).toBe('src/lib/index.ts');
    expect(resolver.specifiers.resolveModule('src/app.ts', './lib/')).toBe('src/lib/index.ts');
    expect(resolver.specifiers.resolveModule('src/app.ts', './widgets')).toBe('src/widgets/index.jsx');
    expect(resolver.specifiers.resolveModule('src/nested/deep/file.ts', '../../util')).toBe('src/util.ts');
    expect(resolver.specifiers.resolveModule('src/app.ts', '..')).toBe('index.ts');
    expect(resolver.specifiers.resolveModule('src/app.ts', './data.json')).toBe('src/data.json');
  });

  it('gives a JavaScript importer the JavaScript file beside a declaration file of the same name, a TypeScript importer the declarations', () => {
    const typed = resolverFor({ 'app.js': '', 'app.d.ts': '', 'test/a.test.js': '', 'test/b.test.ts': '', 'lib/index.js': '', 'lib/index.d.ts': '', 'only.d.ts': '' });
    expect(typed.specifiers.resolveModule('test/a.test.js', '../app')).toBe('app.js');
    expect(typed.specifiers.resolveModule('test/a.test.js', '../lib')).toBe('lib/index.js');
    expect(typed.specifiers.resolveModule('test/a.test.js', '../only')).toBe('only.d.ts');
    expect(typed.specifiers.resolveModule('test/b.test.ts', '../app')).toBe('app.d.ts');
  });

  it('maps the runtime extension TypeScript writes back to the source file', () => {
    expect(resolver.specifiers.resolveModule('src/app.ts', './util.js')).toBe('src/util.ts');
    expect(resolver.specifiers.resolveModule('src/app.ts', './view.jsx')).toBe('src/view.tsx');
    expect(resolver.specifiers.resolveModule('src/app.ts', './legacy.js')).toBe('src/legacy.js');
    // A TypeScript importer means the source; a JavaScript importer means the file it names.
    expect(resolver.specifiers.resolveModule('src/app.ts', './both.js')).toBe('src/both.ts');
    expect(resolver.specifiers.resolveModule('src/plain-consumer.js', './both.js')).toBe('src/both.js');
    expect(resolver.specifiers.resolveModule('src/plain-consumer.js', './plain.js')).toBe('src/plain.js');
  });

  it('returns null for missing files, paths leaving the workspace and externals', () => {
    expect(resolver.specifiers.resolveModule('src/app.ts', './missing')).toBeNull();
    expect(resolver.specifiers.resolveModule('src/app.ts', '../../outside')).toBeNull();
    expect(resolver.specifiers.resolveModule('src/app.ts', 'lodash')).toBeNull();
    expect(resolver.specifiers.resolveModule('src/app.ts', '@scope/unknown/sub')).toBeNull();
    expect(resolver.specifiers.resolveModule('src/app.ts', 'fs')).toBeNull();
    expect(resolver.specifiers.resolveModule('src/app.ts', 'node:path')).toBeNull();
    expect(resolver.specifiers.resolveModule('src/app.ts', 'https://cdn.example.com/x.js')).toBeNull();
    expect(resolver.specifiers.resolveModule('src/app.ts', '')).toBeNull();
  });

  it('ignores bundler queries', () => {
    expect(resolver.specifiers.resolveModule('src/app.ts', './util?raw')).toBe('src/util.ts');
  });
});

describe('ecmascript import resolver: tsconfig paths and baseUrl', () => {
  it('applies paths relative to baseUrl, longest prefix first, with fallbacks', () => {
    const resolver = resolverFor({
      'app/src/main.ts': '',
      'app/src/components/button.tsx': '',
      'app/src/core/index.ts': '',
      'app/src/special/thing.ts': '',
      'app/generated/api.ts': '',
      'app/src/lib/date.ts': '',
    }, {
      'app/tsconfig.json': `{
        // comments and trailing commas are fine
        "compilerOptions": {
          "baseUrl": "./src",
          "paths": {
            "@/*": ["./*"],
            "@/special/*": ["./special/*"],
            "@core": ["core"],
            "@gen/*": ["./missing/*", "../generated/*"], /* fallback list */
          },
        },
      }`,
    });
    expect(resolver.specifiers.resolveModule('app/src/main.ts', '@/components/button')).toBe('app/src/components/button.tsx');
    expect(resolver.specifiers.resolveModule('app/src/main.ts', '@/special/thing')).toBe('app/src/special/thing.ts');
    expect(resolver.specifiers.resolveModule('app/src/main.ts', '@core')).toBe('app/src/core/index.ts');
    expect(resolver.specifiers.resolveModule('app/src/main.ts', '@gen/api')).toBe('app/generated/api.ts');
    // baseUrl alone makes `lib/date` resolvable.
    expect(resolver.specifiers.resolveModule('app/src/main.ts', 'lib/date')).toBe('app/src/lib/date.ts');
    expect(resolver.specifiers.resolveModule('app/src/main.ts', '@/nope')).toBeNull();
    expect(resolver.specifiers.resolveModule('app/src/main.ts', 'react')).toBeNull();
  });

  it('uses the nearest config and follows extends; paths without baseUrl are relative to their config', () => {
    const resolver = resolverFor({
      'packages/web/src/index.ts': '',
      'packages/web/src/shared/log.ts': '',
      'shared/utils/strings.ts': '',
      'tools/script.ts': '',
    }, {
      'tsconfig.base.json': '{ "compilerOptions": { "paths": { "#utils/*": ["shared/utils/*"] } } }',
      'packages/web/tsconfig.json': '{ "extends": "../../tsconfig.base", "compilerOptions": { "strict": true } }',
      'tools/tsconfig.json': '{ "compilerOptions": { "paths": { "~/*": ["../packages/web/src/*"] } } }',
    });
    expect(resolver.specifiers.resolveModule('packages/web/src/index.ts', '#utils/strings')).toBe('shared/utils/strings.ts');
    expect(resolver.specifiers.resolveModule('tools/script.ts', '~/shared/log')).toBe('packages/web/src/shared/log.ts');
    // tools/ has its own config, which does not extend the base.
    expect(resolver.specifiers.resolveModule('tools/script.ts', '#utils/strings')).toBeNull();
  });

  it('reads jsconfig.json and survives broken or cyclic configs', () => {
    const resolver = resolverFor({ 'web/src/a.js': '', 'web/src/b.js': '', 'broken/x.ts': '', 'cyclic/y.ts': '' }, {
      'web/jsconfig.json': '{ "compilerOptions": { "baseUrl": "src" } }',
      'broken/tsconfig.json': '{ "compilerOptions": { "paths": ',
      'cyclic/tsconfig.json': '{ "extends": "./other.json", "compilerOptions": { "baseUrl": "." } }',
      'cyclic/other.json': '{ "extends": "./tsconfig.json" }',
    });
    expect(resolver.specifiers.resolveModule('web/src/a.js', 'b')).toBe('web/src/b.js');
    expect(resolver.specifiers.resolveModule('broken/x.ts', 'anything')).toBeNull();
    expect(resolver.specifiers.resolveModule('cyclic/y.ts', 'y')).toBe('cyclic/y.ts');
  });
});

describe('ecmascript import resolver: workspace packages', () => {
  const files = {
    'packages/core/src/index.ts': '',
    'packages/core/src/math/add.ts': '',
    'packages/core/src/internal/secret.ts': '',
    'packages/ui/src/main.tsx': '',
    'packages/ui/src/button.tsx': '',
    'packages/legacy/lib/index.js': '',
    'packages/legacy/lib/extra.js': '',
    'packages/plain/index.ts': '',
    'packages/built/src/entry.ts': '',
    'packages/twice-a/index.ts': '',
    'packages/twice-b/index.ts': '',
    'packages/ambiguous/src/index.ts': '',
    'packages/ambiguous/index.ts': '',
    'packages/bundled/src/index.ts': '',
    'packages/bundled/src/components/button.tsx': '',
    'apps/site/src/page.ts': '',
  };
  const manifests = {
    'package.json': '{ "name": "root", "private": true, "workspaces": ["packages/*", "apps/*"] }',
    'packages/core/package.json': JSON.stringify({
      name: '@acme/core',
      exports: {
        '.': { types: './dist/index.d.ts', import: './dist/index.js', require: './dist/index.cjs' },
        './math/*': { import: './dist/math/*.js' },
        './package.json': './package.json',
      },
      imports: { '#secret': './src/internal/secret.ts' },
    }),
    'packages/core/tsconfig.json': '{ "compilerOptions": { "rootDir": "src", "outDir": "dist" } }',
    'packages/ui/package.json': JSON.stringify({ name: '@acme/ui', exports: './src/main.tsx' }),
    'packages/legacy/package.json': JSON.stringify({ name: 'legacy', main: 'lib/index.js' }),
    'packages/plain/package.json': JSON.stringify({ name: 'plain' }),
    'packages/built/package.json': JSON.stringify({ name: 'built', main: './dist/entry.js', types: './dist/entry.d.ts' }),
    'packages/twice-a/package.json': JSON.stringify({ name: 'twice' }),
    'packages/twice-b/package.json': JSON.stringify({ name: 'twice' }),
    'packages/ambiguous/package.json': JSON.stringify({ name: 'ambiguous', main: './dist/index.js' }),
    // A bundler writes dist/esm and dist/cjs; tsc's outDir (declarations only) is dist.
    'packages/bundled/package.json': JSON.stringify({
      name: '@acme/bundled',
      exports: { '.': { import: { types: './dist/esm/index.d.ts', default: './dist/esm/index.js' } }, './components/*': { import: './dist/esm/components/*.js' } },
    }),
    'packages/bundled/tsconfig.json': '{ "compilerOptions": { "rootDir": "src", "outDir": "dist", "emitDeclarationOnly": true } }',
  };
  const resolver = resolverFor(files, manifests);
  const from = 'apps/site/src/page.ts';

  it('maps package names to their folders through exports maps and entry fields', () => {
    expect(resolver.specifiers.resolveModule(from, '@acme/core')).toBe('packages/core/src/index.ts');
    expect(resolver.specifiers.resolveModule(from, '@acme/core/math/add')).toBe('packages/core/src/math/add.ts');
    expect(resolver.specifiers.resolveModule(from, '@acme/ui')).toBe('packages/ui/src/main.tsx');
    expect(resolver.specifiers.resolveModule(from, 'legacy')).toBe('packages/legacy/lib/index.js');
    expect(resolver.specifiers.resolveModule(from, 'legacy/lib/extra')).toBe('packages/legacy/lib/extra.js');
    expect(resolver.specifiers.resolveModule(from, 'plain')).toBe('packages/plain/index.ts');
    expect(resolver.specifiers.resolveModule(from, '@acme/ui/src/button')).toBe('packages/ui/src/button.tsx');
  });

  it('maps built entry points back to the single indexed source', () => {
    expect(resolver.specifiers.resolveModule(from, 'built')).toBe('packages/built/src/entry.ts');
    // dist/index.js could be src/index.ts or index.ts: never guess.
    expect(resolver.specifiers.resolveModule(from, 'ambiguous')).toBeNull();
    // Under the outDir, a bundler's own folders (dist/esm) are build folders too.
    expect(resolver.specifiers.resolveModule(from, '@acme/bundled')).toBe('packages/bundled/src/index.ts');
    expect(resolver.specifiers.resolveModule(from, '@acme/bundled/components/button')).toBe('packages/bundled/src/components/button.tsx');
  });

  it('refuses names claimed by two folders, and package.json imports maps resolve inside the package', () => {
    expect(resolver.specifiers.resolveModule(from, 'twice')).toBeNull();
    expect(resolver.specifiers.resolveModule('packages/core/src/index.ts', '#secret')).toBe('packages/core/src/internal/secret.ts');
    expect(resolver.specifiers.resolveModule(from, '#secret')).toBeNull();
  });
});

describe('ecmascript import resolver: tests importing built output', () => {
  const files = {
    'lib/compile/index.ts': '', 'lib/compile/util.ts': '', 'lib/ajv.ts': '', 'spec/compile.spec.ts': '',
    'pkg/src/main.ts': '', 'pkg/test/main.test.ts': '',
    'guess/src/a.ts': '', 'guess/test/a.test.ts': '',
    'other/src/a.ts': '', 'other/test/a.test.ts': '',
  };
  const configs = {
    'tsconfig.json': '{ "compilerOptions": { "outDir": "dist", "rootDir": "lib" } }',
    'spec/tsconfig.json': '{ "extends": "../tsconfig.json", "compilerOptions": { "noEmit": true } }',
    // No rootDir: the sources are where every `include` pattern lies.
    'pkg/tsconfig.json': '{ "compilerOptions": { "outDir": "./dist" }, "include": ["src/**/*.ts", "src/*.d.ts"] }',
    // outDir with neither rootDir nor include: where the sources are is not stated.
    'guess/tsconfig.json': '{ "compilerOptions": { "outDir": "dist" } }',
    'other/tsconfig.json': '{ "compilerOptions": { "outDir": "build", "rootDir": "src" } }',
  };
  const resolver = resolverFor(files, configs);

  it('maps outDir paths to rootDir sources, through an extended config too', () => {
    expect(resolver.specifiers.resolveModule('spec/compile.spec.ts', '../dist/compile/util')).toBe('lib/compile/util.ts');
    expect(resolver.specifiers.resolveModule('spec/compile.spec.ts', '../dist/compile/util.js')).toBe('lib/compile/util.ts');
    expect(resolver.specifiers.resolveModule('spec/compile.spec.ts', '../dist/compile')).toBe('lib/compile/index.ts');
    expect(resolver.specifiers.resolveModule('spec/compile.spec.ts', '../dist/ajv')).toBe('lib/ajv.ts');
    expect(resolver.specifiers.resolveModule('spec/compile.spec.ts', '../dist/missing')).toBeNull();
  });

  it('takes the include root when rootDir is not set', () => {
    expect(resolver.specifiers.resolveModule('pkg/test/main.test.ts', '../dist/main.js')).toBe('pkg/src/main.ts');
  });

  it('resolves a package importing itself by name through its own exports, beside a same-named package', () => {
    const selfRef = resolverFor({ 'src/index.ts': '', 'examples/basic.tsx': '', 'app/src/main.ts': '' }, {
      'package.json': JSON.stringify({ name: 'forms', exports: { '.': { types: './dist/index.d.ts', import: './dist/index.mjs' } } }),
      'tsconfig.json': '{ "compilerOptions": { "rootDir": "./src", "outDir": "./dist" } }',
      // A demo app that calls itself by the library's name.
      'app/package.json': JSON.stringify({ name: 'forms' }),
    });
    expect(selfRef.specifiers.resolveModule('examples/basic.tsx', 'forms')).toBe('src/index.ts');
    // The app's nearest package has no `exports`: the name stays claimed by two folders.
    expect(selfRef.specifiers.resolveModule('app/src/main.ts', 'forms')).toBeNull();
  });

  it('maps nothing the config does not state', () => {
    expect(resolver.specifiers.resolveModule('guess/test/a.test.ts', '../dist/a')).toBeNull();
    // `dist` is not this config's outDir.
    expect(resolver.specifiers.resolveModule('other/test/a.test.ts', '../dist/a')).toBeNull();
    expect(resolver.specifiers.resolveModule('other/test/a.test.ts', '../build/a')).toBe('other/src/a.ts');
  });
});

describe('ecmascript import resolver: builtins and caching', () => {
  it('knows runtime globals but not ordinary names', () => {
    const resolver = resolverFor({});
    for (const name of ['console', 'setTimeout', 'parseInt', 'Array', 'Object', 'Promise', 'require', 'fetch',
      'structuredClone', 'process', 'Buffer', 'requestAnimationFrame', 'describe', 'expect', 'Map']) {
      expect(resolver.isBuiltin(name), name).toBe(true);
    }
    for (const name of ['map', 'helper', 'render', 'print', 'open', 'formatDate', 'constructor']) {
      expect(resolver.isBuiltin(name), name).toBe(false);
    }
  });

  it('reads each config once however many imports resolve', () => {
    const { view, reads } = workspace({ 'src/a.ts': '', 'src/b.ts': '', 'src/c/d.ts': '' }, {
      'tsconfig.json': '{ "compilerOptions": { "baseUrl": "src" } }',
    });
    const resolver = createEcmascriptImportResolver(view);
    for (let i = 0; i < 50; i++) {
      expect(resolver.specifiers.resolveModule('src/a.ts', 'b')).toBe('src/b.ts');
      expect(resolver.specifiers.resolveModule('src/c/d.ts', 'a')).toBe('src/a.ts');
      expect(resolver.specifiers.resolveModule('src/c/d.ts', 'left-pad')).toBeNull();
    }
    expect(reads.filter((r) => r === 'tsconfig.json')).toHaveLength(1);
  });
});

describe('jsonc', () => {
  it('strips comments and trailing commas but not comment-like string content', () => {
    const text = '{ "a": "http://x/*y*/", // c\n "b": [1, 2,], /* d */ "c": { "e": 1, }, }';
    expect(JSON.parse(stripJsonc(text))).toEqual({ a: 'http://x/*y*/', b: [1, 2], c: { e: 1 } });
  });
});
