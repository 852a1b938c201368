import { describe, expect, it } from 'vitest';
import { extractForTest } from '../../test-support/test-parser.js';
import { swiftExtractor } from './extractor.js';

describe('Swift syntax repair', () => {
  it('parses what the grammar predates, and shows signatures as written, not as the repaired text', async () => {
    const r = await extractForTest(swiftExtractor, [
      'public final class Pipeline {',
      '  package func start(_ value: consuming Int) throws(PipelineError) {}',
      '  nonisolated(unsafe) var shared = 0',
      '  func stop() {}',
      '}',
    ].join('\n'), 'Sources/Pipeline.swift');
    const byName = new Map(r.declarations.map((d) => [d.qualifiedName, d]));
    // The class survives the typed throws: its members are members, not free functions.
    expect([...byName.keys()]).toEqual(expect.arrayContaining(['Pipeline', 'Pipeline::start', 'Pipeline::stop']));
    // As written (`package`, not the `public` parsed); the thrown type the repair blanked ends no header node.
    expect(byName.get('Pipeline::start')?.signature).toBe('package func start(_ value: consuming Int) throws');
    expect(byName.get('Pipeline::start')?.visibility).toBe('public');
  });
});
