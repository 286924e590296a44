// Measures what a ZIP bomb dressed as an XLSX costs the importer (decision 059): the time to refuse
// one, and the resident memory with three refused at once. `node --import tsx bench/archive-bomb.ts`
import { readUpload } from '../src/server/features/imports/parse.ts';
import { zip } from '../tests/support/zip.ts';

const inside = Number(process.env.BOMB_MB ?? 1024);
const content = Buffer.alloc(inside * 1024 * 1024, 0x20);
const bomb = zip([{ name: 'xl/worksheets/sheet1.xml', content, declare: 1000 }]);
const mb = (n: number) => Math.round(n / 1024 / 1024);
const refuse = async () => {
  const started = performance.now();
  await readUpload(bomb, 'agents.xlsx').catch(() => {});
  return performance.now() - started;
};
global.gc?.();
const before = process.memoryUsage().rss;
const one = await refuse();
let peak = process.memoryUsage().rss;
const watch = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 5);
const three = await Promise.all([refuse(), refuse(), refuse()]);
clearInterval(watch);
console.log(
  `bomb: ${(bomb.length / 1024).toFixed(0)} KB packed, ${inside} MB inside; ` +
    `one refused in ${one.toFixed(0)} ms; three at once in ${Math.max(...three).toFixed(0)} ms; ` +
    `resident before ${mb(before)} MB, peak with three ${mb(peak)} MB (+${mb(peak - before)} MB)`,
);
