import { describe, expect, it } from 'vitest';
import { parseSource, runtimeUsesDirectAccess } from './grammar-loader.js';
import { useDirectI32Access } from './runtime-memory.js';

/** A stand-in for the Emscripten module: a little memory with accessors that go through a DataView. */
function fakeModule(options: { bigEndian?: boolean } = {}) {
  const littleEndian = !options.bigEndian;
  let memory = new ArrayBuffer(64);
  let next = 8;
  const module = {
    HEAP32: new Int32Array(memory),
    calls: 0,
    getValue(pointer: number, type = 'i8'): number {
      module.calls++;
      const view = new DataView(memory);
      return type === 'i32' ? view.getInt32(pointer, littleEndian) : view.getInt8(pointer);
    },
    setValue(pointer: number, value: number, type = 'i8'): void {
      module.calls++;
      const view = new DataView(memory);
      if (type === 'i32') view.setInt32(pointer, value, littleEndian);
      else view.setInt8(pointer, value);
    },
    _malloc(bytes: number): number {
      const pointer = next;
      next += bytes;
      return pointer;
    },
    _free(): void {},
    /** What the runtime does when its memory grows: a new buffer, and new views of it. */
    grow(): void {
      const bigger = new ArrayBuffer(memory.byteLength * 2);
      new Uint8Array(bigger).set(new Uint8Array(memory));
      memory = bigger;
      module.HEAP32 = new Int32Array(memory);
    },
  };
  return module;
}

describe('useDirectI32Access', () => {
  it('replaces the i32 accessors with ones on HEAP32, and leaves other types to the module', () => {
    const module = fakeModule();
    expect(useDirectI32Access(module)).toBe(true);
    module.calls = 0;
    module.setValue(16, -123456, 'i32');
    expect(module.getValue(16, 'i32')).toBe(-123456);
    expect(module.HEAP32[4]).toBe(-123456);
    expect(module.calls).toBe(0);
    module.setValue(20, 7, 'i8');
    expect(module.getValue(20, 'i8')).toBe(7);
    expect(module.calls).toBe(2);
  });

  it('follows the view the module puts in place when its memory grows', () => {
    const module = fakeModule();
    useDirectI32Access(module);
    module.setValue(24, 42, 'i32');
    module.grow();
    module.setValue(100, 43, 'i32');
    expect(module.getValue(24, 'i32')).toBe(42);
    expect(module.getValue(100, 'i32')).toBe(43);
    expect(new DataView(module.HEAP32.buffer).getInt32(100, true)).toBe(43);
  });

  it('keeps the module’s accessors when they do not store i32 values as HEAP32 reads them', () => {
    const module = fakeModule({ bigEndian: true });
    const { getValue, setValue } = module;
    expect(useDirectI32Access(module)).toBe(false);
    expect(module.getValue).toBe(getValue);
    expect(module.setValue).toBe(setValue);
  });

  it('keeps the module as it is when it lacks a part it needs', () => {
    const module = fakeModule();
    const { getValue } = module;
    const withoutHeap = { ...module, HEAP32: undefined };
    expect(useDirectI32Access(withoutHeap)).toBe(false);
    expect(withoutHeap.getValue).toBe(getValue);
    expect(useDirectI32Access({ ...module, _malloc: undefined })).toBe(false);
  });

  it('leaves trees as the runtime builds them (this thread’s runtime uses the direct accessors)', async () => {
    const source = 'function f(a, b) {\n  return g(a) + h.k(b, "s");\n}\nclass C { m() { return new D(); } }\n';
    const tree = await parseSource('javascript', source);
    try {
      const seen: string[] = [];
      const walk = (node: typeof tree.rootNode, depth: number): void => {
        seen.push(`${'  '.repeat(depth)}${node.type} ${node.startPosition.row}:${node.startPosition.column} ${node.startIndex}-${node.endIndex}`);
        for (const child of node.namedChildren) if (child) walk(child, depth + 1);
      };
      walk(tree.rootNode, 0);
      expect(tree.rootNode.toString()).toMatch(/^\(program \(function_declaration name: \(identifier\)/);
      expect(seen).toContain(`${'  '.repeat(5)}call_expression 1:9 28-32`);
      expect(seen).toContain(`${'  '.repeat(6)}member_expression 1:16 35-38`);
      expect(seen.filter((line) => line.trim().startsWith('identifier'))).toHaveLength(9);
      expect(tree.rootNode.descendantForIndex(50)?.type).toBe('class');
      expect(runtimeUsesDirectAccess()).toBe(true);
    } finally {
      tree.delete();
    }
  });
});
