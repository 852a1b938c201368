import { describe, expect, it } from 'vitest';
import { ClassHierarchy, type DirectSupertypes, type NamedType } from './class-hierarchy.js';

// Element <- Obj <- Special; Plain (no clauses); Enumish (an implicit base outside); Broken (a clause that did not resolve);
// Lister (extends a class from outside).
const ids = { Element: 0, Obj: 1, Special: 2, Plain: 3, Enumish: 4, Broken: 5, Lister: 6 } as const;
const ref = (name: keyof typeof ids): NamedType => ({ ref: { file: 'A.java', localId: ids[name] } });
const outside: NamedType = { outside: true };
const direct: Record<number, DirectSupertypes> = {
  [ids.Element]: { refs: [], outside: false, unknown: false },
  [ids.Obj]: { refs: [{ file: 'A.java', localId: ids.Element }], outside: false, unknown: false },
  [ids.Special]: { refs: [{ file: 'A.java', localId: ids.Obj }], outside: false, unknown: false },
  [ids.Plain]: { refs: [], outside: false, unknown: false },
  [ids.Enumish]: { refs: [], outside: true, unknown: false },
  [ids.Broken]: { refs: [{ file: 'A.java', localId: ids.Plain }], outside: false, unknown: true },
  [ids.Lister]: { refs: [], outside: true, unknown: false },
};

describe('class hierarchy for overloads', () => {
  const hierarchy = new ClassHierarchy((r) => direct[r.localId]);

  it('a class converts to itself and to its proven supertypes, through several levels', () => {
    expect(hierarchy.fits(ref('Special'), ref('Element'))).toBe('converts');
    expect(hierarchy.fits(ref('Obj'), ref('Obj'))).toBe('converts');
  });

  it('a complete hierarchy proves what a class is not', () => {
    expect(hierarchy.fits(ref('Plain'), ref('Element'))).toBe('no');
    expect(hierarchy.fits(ref('Element'), ref('Special'))).toBe('no');
    // Every supertype is ours: no class from outside either.
    expect(hierarchy.fits(ref('Plain'), outside)).toBe('no');
  });

  it('outside code is never one of ours; a base from outside may be anything from outside', () => {
    expect(hierarchy.fits(outside, ref('Element'))).toBe('no');
    expect(hierarchy.fits(outside, outside)).toBe('unknown');
    expect(hierarchy.fits(ref('Enumish'), outside)).toBe('unknown');
    expect(hierarchy.fits(ref('Lister'), outside)).toBe('unknown');
    expect(hierarchy.fits(ref('Enumish'), ref('Element'))).toBe('no');
  });

  it('a clause that did not resolve, or a name that means nothing, proves nothing', () => {
    expect(hierarchy.fits(ref('Broken'), ref('Element'))).toBe('unknown');
    expect(hierarchy.fits(ref('Broken'), ref('Plain'))).toBe('converts');
    expect(hierarchy.fits(undefined, ref('Element'))).toBe('unknown');
    expect(hierarchy.fits(ref('Plain'), undefined)).toBe('unknown');
  });

  it('subtypes for the most specific overload', () => {
    expect(hierarchy.isSubtype(ref('Special'), ref('Element'))).toBe(true);
    expect(hierarchy.isSubtype(ref('Element'), ref('Special'))).toBe(false);
    expect(hierarchy.isSubtype(outside, ref('Element'))).toBe(false);
  });
});
