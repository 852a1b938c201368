import { describe, expect, it } from 'vitest';
import type { WorkspaceView } from '../../model/language-support.js';
import { createSwiftImportResolver, manifestTargets } from './module-resolution.js';
import { swiftArgumentFits } from './name-binding.js';

function workspace(texts: Record<string, string>): WorkspaceView {
  return { root: '/repo', files: new Set(Object.keys(texts)), readText: (path) => texts[path], extraction: () => undefined };
}

describe('Swift modules (SwiftPM targets)', () => {
  const manifest = `// swift-tools-version:5.9
import PackageDescription
let package = Package(name: "Shop", targets: [
  .target(name: "Core", dependencies: []),
  .target(name: "Util", path: "Lib/Util"),
  // .target(name: "Commented"),
  .executableTarget(name: "App", dependencies: ["Core"]),
  .testTarget(name: "CoreTests", dependencies: ["Core"]),
  .target(name: "Escapes", path: "../outside"),
  .target(name: "Absolute", path: "/etc"),
])`;
  const texts: Record<string, string> = {
    'Package.swift': manifest,
    'Sources/Core/A.swift': '', 'Sources/Core/Sub/B.swift': '', 'Lib/Util/U.swift': '', 'Sources/App/main.swift': '',
    'Tests/CoreTests/ATests.swift': '', 'Scripts/tool.swift': '',
    'Nested/Package.swift': 'let package = Package(name: "N", targets: [.target(name: "Core")])',
    'Nested/Sources/Core/N.swift': '',
  };
  const resolver = createSwiftImportResolver(workspace(texts));

  it('reads targets with their default or stated folders, and leaves out folders outside the package', () => {
    expect(manifestTargets(manifest, '').map((t) => `${t.name}=${t.folder}`)).toEqual([
      'Core=Sources/Core', 'Util=Lib/Util', 'App=Sources/App', 'CoreTests=Tests/CoreTests',
    ]);
  });

  it('a target is the set of its files; files of no target share their package folder\'s module', () => {
    expect(resolver.packages!.packageOf('Sources/Core/A.swift')).toBe('#Core');
    expect(resolver.packages!.packageOf('Sources/Core/Sub/B.swift')).toBe('#Core');
    expect(resolver.packages!.packageOf('Lib/Util/U.swift')).toBe('#Util');
    expect(resolver.packages!.packageOf('Tests/CoreTests/ATests.swift')).toBe('#CoreTests');
    expect(resolver.packages!.packageOf('Scripts/tool.swift')).toBe('#');
    expect(resolver.packages!.packageOf('Nested/Sources/Core/N.swift')).toBe('Nested#Core');
  });

  it('`import X` names target X of the importing file\'s package; Foundation and XCTest are external', () => {
    expect(resolver.packages!.importedPackage!('Sources/App/main.swift', 'Core')).toBe('#Core');
    expect(resolver.packages!.importedPackage!('Nested/Sources/Core/N.swift', 'Core')).toBe('Nested#Core');
    expect(resolver.packages!.importedPackage!('Sources/App/main.swift', 'Foundation')).toBeNull();
    expect(resolver.packages!.importedPackage!('Tests/CoreTests/ATests.swift', 'XCTest')).toBeNull();
  });

  it('a target without `path:` lives in the first of SwiftPM\'s source folders that holds it (`Source/<Name>` too)', () => {
    const other = createSwiftImportResolver(workspace({
      'Package.swift': 'let package = Package(name: "J", targets: [.target(name: "J"), .target(name: "K"), .testTarget(name: "JTests")])',
      'Source/J/J.swift': '', 'Sources/K/K.swift': '', 'Source/JTests/T.swift': '', 'Source/Other/O.swift': '',
    }));
    expect(other.packages!.packageOf('Source/J/J.swift')).toBe('#J');
    expect(other.packages!.packageOf('Sources/K/K.swift')).toBe('#K');
    expect(other.packages!.packageOf('Source/JTests/T.swift')).toBe('#JTests');
    expect(other.packages!.packageOf('Source/Other/O.swift')).toBe('#');
  });

  it('a repository without Package.swift is one module', () => {
    const flat = createSwiftImportResolver(workspace({ 'a.swift': '', 'b/c.swift': '' }));
    expect(flat.packages!.packageOf('a.swift')).toBe('#');
    expect(flat.packages!.packageOf('b/c.swift')).toBe('#');
  });
});

describe('Swift argument labels in overload selection', () => {
  it('a label that differs never fits; an unknown label or type is unknown', () => {
    expect(swiftArgumentFits('x:Int', 'y:Int')).toBe('no');
    expect(swiftArgumentFits('x:Int', 'x:Int')).toBe('exact');
    expect(swiftArgumentFits('x:?', 'x:Int')).toBe('exact');
    expect(swiftArgumentFits('_:?', '_:Int')).toBe('unknown');
    expect(swiftArgumentFits('*:?', 'body:Closure')).toBe('unknown');
    expect(swiftArgumentFits('_:String', '_:Int')).toBe('no');
    // A defaulted parameter may be skipped: the argument may be a later parameter's.
    expect(swiftArgumentFits('makeNames:?', 'parent=:InputKey')).toBe('unknown');
    expect(swiftArgumentFits('parent:InputKey', 'parent=:InputKey')).toBe('exact');
    // A value of a named type is no array: `definition: ArgumentSet` does not fit `definition: [ArgumentSet]`.
    expect(swiftArgumentFits('definition:ArgumentSet', 'definition:Array')).toBe('no');
    expect(swiftArgumentFits('definition:Array', 'definition:Array')).toBe('exact');
    expect(swiftArgumentFits('definition:?', 'definition:Array')).toBe('exact');
  });
});
