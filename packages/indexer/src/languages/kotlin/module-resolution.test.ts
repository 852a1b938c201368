import { describe, expect, it } from 'vitest';
import { extractedWorkspace } from '../../test-support/extracted-workspace.js';
import { KotlinLayout } from './module-resolution.js';
import { kotlinArgumentFits } from './name-binding.js';
import { joinSplitHeaders } from './repair.js';

describe('Kotlin packages', () => {
  it('reads the package header after file annotations and comments', async () => {
    const layout = new KotlinLayout(await extractedWorkspace({
      'a/A.kt': '/* c */\n@file:JvmName("X")\n@file:Suppress("a", "b")\npackage com.acme.app\n\nclass A',
      'b/B.kt': '// no header: package x.y\nclass B',
    }));
    expect(layout.packageOf('a/A.kt')).toBe('com.acme.app');
    expect(layout.packageOf('b/B.kt')).toBe(':root');
  });

  it('maps an import to the package and the file declaring the name, wherever the folders are', async () => {
    const texts: Record<string, string> = {
      'src/a/Shapes.kt': 'package com.acme.shapes\n\nclass Circle\n\nfun area() = 1\n',
      'other/Ext.kt': 'package com.acme.shapes\n\ninternal fun Circle.diameter(): Double = 2.0\nprivate val <T> List<T>.second: T get() = this[1]\n',
      'root.kts': 'println("x")\n',
    };
    const layout = new KotlinLayout(await extractedWorkspace(texts));
    expect(layout.packageOf('other/Ext.kt')).toBe('com.acme.shapes');
    expect(layout.packageOf('root.kts')).toBe(':root');
    expect(layout.importedPackage('com.acme.shapes.Circle')).toBe('com.acme.shapes');
    expect(layout.importedPackage('com.acme.shapes.*')).toBe('com.acme.shapes');
    expect(layout.importedPackage('kotlin.math.max')).toBeNull();
    expect(layout.declaringFile('com.acme.shapes.Circle')).toBe('src/a/Shapes.kt');
    expect(layout.declaringFile('com.acme.shapes.diameter')).toBe('other/Ext.kt');
    expect(layout.declaringFile('com.acme.shapes.second')).toBe('other/Ext.kt');
    expect(layout.declaringFile('com.acme.shapes.*')).toBeNull();
  });
});

describe('Kotlin argument conversions', () => {
  it('has no numeric widening, but an integer literal may be a Long', () => {
    expect(kotlinArgumentFits('Int', 'Int')).toBe('exact');
    expect(kotlinArgumentFits('Int', 'Long')).toBe('unknown');
    expect(kotlinArgumentFits('Double', 'Int')).toBe('no');
    expect(kotlinArgumentFits('String', 'CharSequence')).toBe('converts');
    expect(kotlinArgumentFits('KClass', 'TypeName')).toBe('no');
    expect(kotlinArgumentFits(null, 'Any')).toBe('converts');
    expect(kotlinArgumentFits('Circle', 'Shape')).toBe('unknown');
  });
});

describe('Kotlin repair', () => {
  it('joins a class header split before its primary constructor without moving any later line', () => {
    const source = 'class Builder\ninternal constructor(\n  val a: Int,\n) {\n  fun f() = 1\n}\n';
    const joined = joinSplitHeaders(source);
    expect(joined.length).toBe(source.length);
    expect(joined.split('\n').length).toBe(source.split('\n').length);
    expect(joined.split('\n')[0]).toBe('class Builder internal constructor(');
    expect(joined.split('\n').slice(3)).toEqual(source.split('\n').slice(3));
    const nested = '  class B\n  internal constructor(val a: Int) : I {\n  }\n  class C\n  private constructor(\n    val b: Int,\n  )\n';
    const joinedNested = joinSplitHeaders(nested);
    expect(joinedNested.length).toBe(nested.length);
    expect(joinedNested.split('\n').length).toBe(nested.split('\n').length);
    expect(joinedNested.split('\n')[0]).toBe('  class B   internal constructor(val');
    expect(joinedNested.split('\n')[3]).toBe('  class C  private constructor(');
  });
});
