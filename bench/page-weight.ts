/**
 * Page weight of the production build: gzipped JavaScript and CSS of a first load of every student
 * page (see lib/page-weight.ts for what counts and which pages), beside the budgets (DESIGN.md's
 * 100 kB for /, issue 28's 125 kB for the others); and whether any student page's document fetches
 * the staff console's code, which it never may. `--check` enforces the landing page's budget; the
 * other pages' figures are reported until issue 28 brings them within theirs.
 *
 *   npm run build:web && npx tsx bench/page-weight.ts            # the figures
 *   npx tsx bench/page-weight.ts --check                         # exits 1 over the budget, or
 *                                                                # with console code on a student
 *                                                                # page (npm test)
 *
 * PAGE_WEIGHT_DIST names another build folder (default dist/web).
 */
import { fileURLToPath } from 'node:url';
import { printBenchRows } from './lib/bench-rows.js';
import {
  consoleCodeOnStudentPages,
  LANDING_JS_BUDGET_KB,
  kilobytes,
  measurePageWeights,
  pageWeightRows,
} from './lib/page-weight.js';

const distDir =
  process.env.PAGE_WEIGHT_DIST ?? fileURLToPath(new URL('../dist/web', import.meta.url));
const weights = measurePageWeights(distDir);

for (const page of weights)
  console.log(`${page.path}: ${page.files.length} files: ${page.files.join(', ')}`);
printBenchRows(pageWeightRows(weights));

if (process.argv.includes('--check')) {
  // The staff console is its own part of the app (src/web/console): a student page that fetched
  // its code would carry every staff page's weight.
  const leaks = consoleCodeOnStudentPages(distDir);
  if (leaks.length > 0) {
    console.error(`Student pages fetch the staff console's code:\n${leaks.join('\n')}`);
    process.exit(1);
  }
  console.log("No student page's document fetches the staff console's code.");
  const landing = weights.find((page) => page.path === '/');
  const figure = `Page weight: / loads ${kilobytes(landing?.jsBytes ?? 0)} of JavaScript (gzip)`;
  if (!landing || landing.jsBytes > LANDING_JS_BUDGET_KB * 1000) {
    console.error(`${figure}, over the ${LANDING_JS_BUDGET_KB} kB budget of DESIGN.md.`);
    process.exit(1);
  }
  console.log(`${figure}, within the ${LANDING_JS_BUDGET_KB} kB budget of DESIGN.md.`);
}
