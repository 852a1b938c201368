import { describe, expect, it } from 'vitest';
import { extractedWorkspace } from '../../test-support/extracted-workspace.js';
import { createScalaImportResolver, EMPTY_PACKAGE } from './module-resolution.js';

describe('Scala packages from the files\' extractions', () => {
  it('chained clauses put a file in the innermost package and open the outer ones; types are found at any depth', async () => {
    const resolver = createScalaImportResolver(await extractedWorkspace({
      'core/Base.scala': '// package wrong\npackage acme\n\ntrait Base\n',
      'core/Options.scala': 'package acme\npackage cli\n\nobject Options { class Parsed }\ncase class OptionDef()\n',
      'blocks/Block.scala': 'package acme {\n  package blocks {\n    class Block\n  }\n}\n',
      'Main.scala': 'object Main\n',
    }));
    expect(resolver.packages!.packageOf('core/Options.scala')).toBe('acme.cli');
    expect(resolver.packages!.enclosingPackages!('core/Options.scala')).toEqual(['acme']);
    expect(resolver.packages!.packageOf('blocks/Block.scala')).toBe('acme.blocks');
    expect(resolver.packages!.packageOf('Main.scala')).toBe(EMPTY_PACKAGE);
    // A single clause names no enclosing package.
    expect(resolver.packages!.enclosingPackages!('core/Base.scala')).toEqual([]);
    expect(resolver.specifiers.resolveModule('x', 'acme.cli.OptionDef')).toBe('core/Options.scala');
    expect(resolver.specifiers.resolveModule('x', 'acme.cli.Parsed')).toBe('core/Options.scala');
    expect(resolver.specifiers.resolveModule('x', 'acme.Base')).toBe('core/Base.scala');
    expect(resolver.specifiers.resolveModule('x', 'acme.Missing')).toBeNull();
  });
});
