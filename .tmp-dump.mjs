import { Parser, Language } from 'web-tree-sitter';
import fs from 'node:fs';
await Parser.init();
const lang = await Language.load('node_modules/tree-sitter-wasms/out/tree-sitter-python.wasm');
const p = new Parser(); p.setLanguage(lang);
const src = fs.readFileSync(process.argv[2], 'utf8');
const t = p.parse(src);
function dump(n, d, field) {
  const txt = n.childCount === 0 ? ' ' + JSON.stringify(n.text) : '';
  console.log('  '.repeat(d) + (field ? field + ': ' : '') + (n.isNamed ? n.type : JSON.stringify(n.type)) + (n.isError ? '!ERR' : '') + (n.isMissing ? '!MISSING' : '') + ` [${n.startPosition.row},${n.startPosition.column}]` + txt);
  for (let i = 0; i < n.childCount; i++) dump(n.child(i), d + 1, n.fieldNameForChild(i));
}
dump(t.rootNode, 0);
