import { describe, expect, it } from 'vitest';
import { extractedWorkspace } from '../../test-support/extracted-workspace.js';
import { createDartImportResolver } from './module-resolution.js';

describe('Dart libraries from the files\' extractions', () => {
  it("a part belongs to the library its `part of` names, by file or by library name; package: URIs go through pubspec.yaml", async () => {
    const resolver = createDartImportResolver(await extractedWorkspace({
      'pubspec.yaml': 'name: args\nversion: 1.0.0\n',
      'lib/args.dart': "library args.core;\n\npart 'src/parser.dart';\npart 'src/old.dart';\n",
      'lib/src/parser.dart': "// part of 'wrong.dart';\npart of '../args.dart';\n\nclass Parser {}\n",
      'lib/src/old.dart': 'part of args.core;\n\nclass Old {}\n',
      'lib/src/stray.dart': 'part of args.core;\n',
      'lib/other.dart': 'class Other {}\n',
    }));
    const packages = resolver.packages!;
    expect(packages.packageOf('lib/src/parser.dart')).toBe('lib/args.dart');
    expect(packages.packageOf('lib/src/old.dart')).toBe('lib/args.dart');
    // Names the library, which does not list it as a part: its own library.
    expect(packages.packageOf('lib/src/stray.dart')).toBe('lib/src/stray.dart');
    expect(packages.packageOf('lib/other.dart')).toBe('lib/other.dart');
    expect(resolver.specifiers.resolveModule('test/a.dart', 'package:args/args.dart')).toBe('lib/args.dart');
    expect(resolver.specifiers.resolveModule('lib/args.dart', 'src/parser.dart')).toBe('lib/src/parser.dart');
    expect(resolver.specifiers.resolveModule('lib/args.dart', 'dart:io')).toBeNull();
  });
});
