// Lighthouse on the home page of the starter site and each example, served on 127.0.0.1
// the way GitHub Pages serves it, with Debian's Chromium. Prints a Markdown table of the
// four category scores (the README's "Quality" table) and exits 1 when accessibility,
// best practices or SEO is below 100 or performance below 95.
//
// Run (about a minute per site; not part of ctest, since Lighthouse's timings vary):
//   npm ci --prefix tests/browser
//   node tests/browser/lighthouse.mjs [--desktop] [SITE...]
// SITE is content or examples/NAME (default: all); SITEGEN_BINARY names the binary
// (default build/sitegen), CHROMIUM the browser (default /usr/bin/chromium).
// The default is Lighthouse's mobile run (a mid-range phone on a throttled 4G network);
// --desktop uses its desktop preset.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSite, chromiumArgs, chromiumPath, contentDirs, here, serveSite } from './sites.mjs';

const args = process.argv.slice(2);
const desktop = args.includes('--desktop');
const sites = args.filter((a) => !a.startsWith('--'));
const lighthouse = path.join(here, 'node_modules/.bin/lighthouse');
if (!fs.existsSync(lighthouse)) {
  console.error('lighthouse is not installed (run: npm ci --prefix tests/browser)');
  process.exit(2);
}

const kMinimum = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-lighthouse-'));
const rows = [];
let ok = true;
try {
  for (const content of sites.length ? sites : contentDirs()) {
    const dir = path.join(work, content.replace(/\//g, '-'));
    // The server starts first, so the site can be built for its address (canonical URLs
    // and absolute links then point to the page Lighthouse sees).
    const server = await serveSite(dir, '/');
    try {
      buildSite(content, server.url, dir);
      const report = path.join(work, `${path.basename(dir)}.json`);
      // Asynchronously: this process serves the pages Lighthouse asks for meanwhile.
      await promisify(execFile)(lighthouse, [server.url, '--quiet', '--output=json',
        `--output-path=${report}`, '--only-categories=performance,accessibility,best-practices,seo',
        `--chrome-flags=${chromiumArgs.join(' ')}`, ...(desktop ? ['--preset=desktop'] : [])],
      { env: { ...process.env, CHROME_PATH: chromiumPath }, maxBuffer: 64 << 20 });
      const lhr = JSON.parse(fs.readFileSync(report, 'utf8'));
      const scores = {};
      for (const [id, min] of Object.entries(kMinimum)) {
        scores[id] = Math.round(lhr.categories[id].score * 100);
        if (scores[id] < min) {
          ok = false;
          const failing = lhr.categories[id].auditRefs
            .map((r) => lhr.audits[r.id])
            .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
            .map((a) => `    ${a.id}: ${a.title} (${a.displayValue || a.score})`);
          console.error(`${content}: ${id} ${scores[id]} < ${min}\n${failing.join('\n')}`);
        }
      }
      const m = lhr.audits;
      rows.push(`| ${content} | ${scores.performance} | ${scores.accessibility} | ` +
        `${scores['best-practices']} | ${scores.seo} | ${m['first-contentful-paint'].displayValue} | ` +
        `${m['largest-contentful-paint'].displayValue} | ${m['cumulative-layout-shift'].displayValue} |`);
    } finally {
      await server.close();
    }
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

console.log(`\nLighthouse ${desktop ? 'desktop' : 'mobile'}, home page, Chromium ${
  execFileSync(chromiumPath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .split(' ')[1]}:\n`);
console.log('| site | performance | accessibility | best practices | SEO | FCP | LCP | CLS |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) console.log(r);
process.exit(ok ? 0 : 1);
