import { describe, expect, it } from 'vitest';
import { extractedWorkspace } from '../../test-support/extracted-workspace.js';
import { createJavaImportResolver } from './module-resolution.js';

describe('Java packages from the files\' extractions', () => {
  it('a package clause after annotations and comments places the file; a folder without one is its own unnamed package', async () => {
    const resolver = createJavaImportResolver(await extractedWorkspace({
      'src/main/java/com/acme/package-info.java': '/** Docs. package wrong; */\n@Deprecated\npackage com.acme;\n',
      'src/test/java/com/acme/ShopTest.java': '// package wrong;\npackage com . acme;\nclass ShopTest {}\n',
      'src/main/java/com/acme/Shop.java': 'package com.acme;\npublic class Shop { static class Cart {} }\n',
      'scripts/Tool.java': 'class Tool {}\n',
    }));
    expect(resolver.packages!.packageOf('src/test/java/com/acme/ShopTest.java')).toBe('com.acme');
    expect(resolver.packages!.packageOf('src/main/java/com/acme/Shop.java')).toBe('com.acme');
    expect(resolver.packages!.packageOf('scripts/Tool.java')).toBe(':scripts');
    expect(resolver.specifiers.resolveModule('x', 'com.acme.Shop')).toBe('src/main/java/com/acme/Shop.java');
    expect(resolver.specifiers.resolveModule('x', 'com.acme.Shop.Cart')).toBe('src/main/java/com/acme/Shop.java');
    expect(resolver.packages!.importedPackage!('x', 'com.acme')).toBe('com.acme');
    expect(resolver.packages!.importedPackage!('x', 'java.util')).toBeNull();
  });
});
