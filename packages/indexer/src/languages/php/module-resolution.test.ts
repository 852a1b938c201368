import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportResolver } from '../../model/language-support.js';
import { extractedWorkspace } from '../../test-support/extracted-workspace.js';
import { composerAutoload, createPhpImportResolver } from './module-resolution.js';

describe('PHP namespaces, composer autoloading and includes', () => {
  const texts: Record<string, string> = {
    'composer.json': JSON.stringify({
      autoload: { 'psr-4': { 'App\\': 'src/', 'App\\Legacy\\': ['lib/', 'old/'] }, 'psr-0': { Old_: 'psr0/' } },
      'autoload-dev': { 'psr-4': { 'App\\Tests\\': 'tests/' } },
    }),
    'src/Models/User.php': '<?php\n/* namespace Wrong; */\nnamespace App\\Models;\n\nclass User {}\n',
    'old/Thing.php': '<?php\nnamespace App\\Legacy;\n\nfinal class Thing {}\n',
    'psr0/Old/Widget/Button.php': '<?php\nclass Old_Widget_Button {}\n',
    'tests/UserTest.php': '<?php\nnamespace App\\Tests;\n\nclass UserTest {}\n',
    'packages/billing/composer.json': JSON.stringify({ autoload: { 'psr-4': { 'Billing\\': 'src/' } } }),
    'packages/billing/src/Invoice.php': '<?php\nnamespace Billing;\n\nclass Invoice {}\n',
    'misc/classes.php': '<?php\nnamespace Misc { abstract class Base {} interface Shape {} function helper() {} const LIMIT = 3; }\n',
    'misc/twice.php': '<?php\nnamespace Dup;\n\nclass Twin {}\n',
    'misc/twice2.php': '<?php\nnamespace Dup;\n\nclass Twin {}\n',
    'bootstrap.php': '<?php\nrequire __DIR__ . "/src/helpers.php";\n',
    'src/helpers.php': '<?php\nfunction helper() {}\n',
  };
  let resolver: ImportResolver;
  beforeAll(async () => {
    resolver = createPhpImportResolver(await extractedWorkspace(texts));
  });

  it('reads the first namespace clause, past comments; a file without one is in the global namespace', () => {
    expect(resolver.packages!.packageOf('src/Models/User.php')).toBe('php:App\\Models');
    expect(resolver.packages!.packageOf('src/helpers.php')).toBe('php:\\');
    expect(resolver.packages!.packageOf('composer.json')).toBeNull();
  });

  it('maps fully qualified names through PSR-4 and PSR-0 prefixes of autoload and autoload-dev (longest prefix first)', () => {
    expect(resolver.specifiers.resolveModule('x.php', 'App\\Models\\User')).toBe('src/Models/User.php');
    expect(resolver.specifiers.resolveModule('x.php', 'App\\Legacy\\Thing')).toBe('old/Thing.php');
    expect(resolver.specifiers.resolveModule('x.php', 'App\\Tests\\UserTest')).toBe('tests/UserTest.php');
    expect(resolver.specifiers.resolveModule('x.php', 'Old_Widget_Button')).toBe('psr0/Old/Widget/Button.php');
    expect(resolver.specifiers.resolveModule('x.php', 'Billing\\Invoice')).toBe('packages/billing/src/Invoice.php');
  });

  it('finds a name no autoloader maps in the one file that declares it; two such files are none', () => {
    expect(resolver.specifiers.resolveModule('x.php', 'Misc\\Base')).toBe('misc/classes.php');
    expect(resolver.specifiers.resolveModule('x.php', 'misc\\shape')).toBe('misc/classes.php');
    expect(resolver.specifiers.resolveModule('x.php', 'Misc\\helper')).toBe('misc/classes.php');
    expect(resolver.specifiers.resolveModule('x.php', 'Dup\\Twin')).toBeNull();
    expect(resolver.specifiers.resolveModule('x.php', 'Vendor\\Lib\\Client')).toBeNull();
  });

  it('resolves a literal include path from the including folder, then the root, never outside it', () => {
    expect(resolver.specifiers.resolveModule('bootstrap.php', './src/helpers.php')).toBe('src/helpers.php');
    expect(resolver.specifiers.resolveModule('tests/UserTest.php', 'src/helpers.php')).toBe('src/helpers.php');
    expect(resolver.specifiers.resolveModule('bootstrap.php', '../outside/secret.php')).toBeNull();
    expect(resolver.specifiers.resolveModule('bootstrap.php', '/etc/passwd')).toBeNull();
  });

  it('names written fully qualified and the global fallback are namespaces', () => {
    expect(resolver.packages!.qualifiedPackage!('\\App\\Models')).toBe('php:App\\Models');
    expect(resolver.packages!.qualifiedPackage!('\\')).toBe('php:\\');
    expect(resolver.packages!.qualifiedPackage!('User')).toBeNull();
    expect(resolver.packages!.fallbackPackage!('src/Models/User.php')).toBe('php:\\');
  });

  it('ignores a composer.json that is no JSON', () => {
    expect(composerAutoload('{ nope', '.')).toEqual([]);
    expect(composerAutoload('{"autoload": {"psr-4": {"A\\\\": ["x", 3]}}}', 'pkg')).toEqual([{ prefix: 'A\\', dirs: ['pkg/x'], psr0: false }]);
  });
});
