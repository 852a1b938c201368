import { collectOracleSites } from '../accuracy/oracle.mjs';
const r = collectOracleSites(process.argv[2]);
const f = new Function('s', `return ${process.argv[3]}`);
for (const s of r.sites.filter(f).slice(0, Number(process.argv[4] ?? 10))) console.log(JSON.stringify(s));
