/**
 * The layers of arbor's packages, as dependency-cruiser rules (test/layering/layering.test.ts runs
 * them in the normal test run; `npx depcruise packages --config` prints the same verdict).
 *
 * Inside the indexer, lower layers never import higher ones:
 *   model, support  <-  parsing  <-  extraction  <-  languages/<lang>  <-  languages/index.ts
 *   model, support  <-  storage  <-  resolution  <-  pipeline
 * A language folder imports no other language's folder; the shared resolver imports no language;
 * storage knows nothing of resolution. No module cycles; no package reaches into another's src/.
 */
const SRC = '^packages/indexer/src/';
const layer = (name) => `${SRC}${name}/`;
const notTests = '\\.test\\.ts$';

/** `from` never imports `to` (both path patterns). */
function forbid(name, comment, from, to, toNot) {
  return { name, comment, severity: 'error', from: { path: from, pathNot: notTests }, to: toNot ? { path: to, pathNot: toNot } : { path: to } };
}

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A module cycle makes load order matter and layers meaningless.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { circular: true },
    },
    forbid('model-is-the-bottom', 'The model describes data and contracts; it imports nothing of the indexer above it.',
      layer('model'), SRC, layer('model')),
    forbid('support-is-the-bottom', 'Shared helpers import no layer of the indexer.',
      layer('support'), SRC, `${layer('support')}|${layer('model')}`),
    forbid('parsing-below-extraction', 'Parsing loads grammars for any language; it knows no extractor.',
      layer('parsing'), SRC, `${layer('parsing')}|${layer('model')}|${layer('support')}`),
    forbid('extraction-names-no-language', 'Extraction is the shared walk; a language is passed in, never imported.',
      layer('extraction'), SRC, `${layer('extraction')}|${layer('model')}|${layer('parsing')}|${layer('support')}`),
    forbid('languages-below-the-pipeline', 'A language module is extraction rules and resolution data; it imports no resolver, store, cache, worker or pipeline.',
      layer('languages'), `${SRC}(resolution|storage|extraction-cache|pipeline|workers|discovery)/`),
    {
      name: 'language-folders-apart',
      comment: 'A language folder imports no other language\'s folder (shared code lives in extraction/core).',
      severity: 'error',
      from: { path: `${SRC}languages/([^/]+)/`, pathNot: notTests },
      to: { path: `${SRC}languages/[^/]+/`, pathNot: `${SRC}languages/$1/` },
    },
    forbid('resolution-names-no-language', 'The shared resolver reads a language\'s rules through the model; it imports no language.',
      layer('resolution'), `${layer('languages')}|${layer('extraction')}|${layer('pipeline')}|${layer('workers')}`),
    forbid('storage-below-resolution', 'Storage writes rows; it knows nothing of how they were resolved or extracted.',
      layer('storage'), `${SRC}(resolution|languages|extraction|extraction-cache|pipeline|discovery)/`),
    forbid('cache-below-storage', 'The extraction cache stores extractions; it does not import the graph\'s storage or the pipeline.',
      layer('extraction-cache'), `${SRC}(storage|resolution|pipeline|workers)/`),
    {
      name: 'no-reach-into-another-package',
      comment: 'A package uses another through its published entry, never through its src/.',
      severity: 'error',
      from: { path: '^packages/([^/]+)/' },
      to: { path: '^packages/[^/]+/src/', pathNot: '^packages/$1/' },
    },
    forbid('query-without-indexer', 'The query package reads any codegraph database; it never loads the indexer.',
      '^packages/query/', '^packages/indexer/|node_modules/@arbor/indexer/'),
    forbid('vocabulary-is-the-base', 'The vocabulary is shared by every package and imports none.',
      '^packages/vocabulary/', '^packages/(indexer|query|cli)/|node_modules/@arbor/'),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
  },
};
