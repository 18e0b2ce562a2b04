// Lighthouse on pages of the starter site, each example and generated sites, served on
// 127.0.0.1 the way GitHub Pages serves them (gzipped text), with Debian's Chromium.
// Prints a Markdown table of the four category scores (docs/quality.md, the README's
// "Quality" table) and exits 1 when accessibility, best practices or SEO is below 100 or
// performance below 95.
//
// Run (about a minute per page; not part of ctest, since Lighthouse's timings vary):
//   npm ci --prefix tests/browser
//   node tests/browser/lighthouse.mjs [--desktop] [--page PATH]... [--generated N]...
//                                     [--wait-idle[=MINUTES]] [--big-photo] [--keep DIR] [SITE...]
// SITE is content, onepage (the starter site with theme = "onepage") or examples/NAME
// (default: all of them, unless --generated is given).
// --page PATH measures that page of each site (publications/; "/" is the home page, the
// default); repeat it for several. --generated N adds a site of N publications written
// by bench/gen_site.py (with 30 news and 15 talks). --wait-idle waits, before each page,
// until the 1-minute load average is below 1.5 (polled every 30 s, for at most 20 minutes
// or MINUTES; a loaded CPU lowers the performance score). --big-photo measures a copy of
// each site whose photo is a 3000 x 4000 JPEG of about 4 MB, as a phone takes it (sitegen
// resizes it when it builds the site). --keep DIR keeps the JSON
// reports there.
// SITEGEN_BINARY names the binary (default build/sitegen), CHROMIUM the browser (default
// /usr/bin/chromium). The default is Lighthouse's mobile run (a mid-range phone on a
// throttled 4G network); --desktop uses its desktop preset.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildSite, chromiumArgs, chromiumPath, contentDirs, drawImage, here, onepageStarter, root,
  serveSite, siteName,
} from './sites.mjs';

const kIdleLoad = 1.5;
const kIdlePollMs = 30_000;

function parseArgs(argv) {
  const o = {
    desktop: false, waitIdle: 0, bigPhoto: false, keep: '', pages: [], generated: [], sites: [],
  };
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) {
        console.error(`${a} needs a value`);
        process.exit(2);
      }
      return argv[++i];
    };
    if (a === '--desktop') o.desktop = true;
    else if (a === '--wait-idle') o.waitIdle = 20;
    else if (a.startsWith('--wait-idle=')) {
      o.waitIdle = Number(a.slice('--wait-idle='.length));
      if (!(o.waitIdle > 0)) {
        console.error(`--wait-idle=MINUTES needs a number of minutes, not "${a}"`);
        process.exit(2);
      }
    }
    else if (a === '--big-photo') o.bigPhoto = true;
    else if (a === '--keep') o.keep = path.resolve(value());
    else if (a === '--page') o.pages.push(value().replace(/^\/+/, ''));
    else if (a === '--generated') {
      const n = value();
      if (!/^[1-9][0-9]*$/.test(n)) {
        console.error(`--generated needs a number of publications, not "${n}"`);
        process.exit(2);
      }
      o.generated.push(Number(n));
    } else if (a.startsWith('--')) {
      console.error(`unknown option ${a}`);
      process.exit(2);
    } else o.sites.push(a);
  }
  if (!o.pages.length) o.pages.push('');
  if (!o.sites.length && !o.generated.length) o.sites = contentDirs();
  return o;
}

const opts = parseArgs(process.argv.slice(2));
const lighthouse = path.join(here, 'node_modules/.bin/lighthouse');
if (!fs.existsSync(lighthouse)) {
  console.error('lighthouse is not installed (run: npm ci --prefix tests/browser)');
  process.exit(2);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Waits until the machine is idle enough to time a page load; the load average when done.
async function waitIdle(minutes) {
  const maxMs = minutes * 60_000;
  const start = Date.now();
  while (os.loadavg()[0] >= kIdleLoad && Date.now() - start < maxMs) {
    console.error(`waiting: load average ${os.loadavg()[0].toFixed(2)} >= ${kIdleLoad}`);
    await sleep(kIdlePollMs);
  }
  if (os.loadavg()[0] >= kIdleLoad)
    console.error(`still loaded after ${minutes} minutes: measuring anyway`);
  return os.loadavg()[0];
}

const kMinimum = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-lighthouse-'));
if (opts.keep) fs.mkdirSync(opts.keep, { recursive: true });
const rows = [];
let ok = true;
try {
  // `onepage` is the starter site in the onepage theme (sites.mjs, onepageStarter).
  const sites = opts.sites.map((site) => (site === 'onepage' ? onepageStarter() : site))
    .map((content) => ({ name: siteName(content), content }));
  for (const n of opts.generated) {
    const content = path.join(work, `generated-${n}-content`);
    execFileSync('python3', [path.join(root, 'bench/gen_site.py'), '--pubs', String(n),
      '--news', '30', '--talks', '15', '--out', content], { stdio: ['ignore', 'ignore', 'inherit'] });
    sites.push({ name: `generated, ${n} publications`, content });
  }
  if (opts.bigPhoto) {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    const photo = await drawImage(await browser.newPage(), 3000, 4000, 'image/jpeg', { noise: true });
    await browser.close();
    for (const site of sites) {
      const copy = path.join(work, `${path.basename(site.content)}-big-photo`);
      fs.cpSync(path.resolve(root, site.content), copy, { recursive: true });
      fs.mkdirSync(path.join(copy, 'static'), { recursive: true });
      fs.writeFileSync(path.join(copy, 'static', 'phone-photo.jpg'), photo);
      const toml = path.join(copy, 'site.toml');
      const text = fs.readFileSync(toml, 'utf8');
      if (!/^photo = .*$/m.test(text)) throw new Error(`${site.content}/site.toml has no photo line`);
      fs.writeFileSync(toml, text.replace(/^photo = .*$/m, 'photo = "phone-photo.jpg"'));
      site.name += `, ${(photo.length / 1e6).toFixed(1)} MB photo`;
      site.content = copy;
    }
  }
  for (const { name, content } of sites) {
    const dir = path.join(work, path.basename(content).replace(/\//g, '-') + '-out');
    // The server starts first, so the site can be built for its address (canonical URLs
    // and absolute links then point to the page Lighthouse sees).
    const server = await serveSite(dir, '/');
    try {
      buildSite(content, server.url, dir);
      for (const page of opts.pages) {
        const label = page ? `${name}, /${page}` : name;
        const load = opts.waitIdle ? await waitIdle(opts.waitIdle) : os.loadavg()[0];
        const report = path.join(opts.keep || work,
          `${label.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}.json`);
        // Asynchronously: this process serves the pages Lighthouse asks for meanwhile.
        await promisify(execFile)(lighthouse, [server.url + page, '--quiet', '--output=json',
          `--output-path=${report}`, '--only-categories=performance,accessibility,best-practices,seo',
          `--chrome-flags=${chromiumArgs.join(' ')}`, ...(opts.desktop ? ['--preset=desktop'] : [])],
        { env: { ...process.env, CHROME_PATH: chromiumPath }, maxBuffer: 64 << 20 });
        const lhr = JSON.parse(fs.readFileSync(report, 'utf8'));
        if (lhr.runtimeError) throw new Error(`${label}: ${lhr.runtimeError.message}`);
        const scores = {};
        for (const [id, min] of Object.entries(kMinimum)) {
          scores[id] = Math.round(lhr.categories[id].score * 100);
          if (scores[id] < min) {
            ok = false;
            const failing = lhr.categories[id].auditRefs
              .map((r) => lhr.audits[r.id])
              .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
              .map((a) => `    ${a.id}: ${a.title} (${a.displayValue || a.score})`);
            console.error(`${label}: ${id} ${scores[id]} < ${min}\n${failing.join('\n')}`);
          }
        }
        const m = lhr.audits;
        rows.push(`| ${label} | ${scores.performance} | ${scores.accessibility} | ` +
          `${scores['best-practices']} | ${scores.seo} | ${m['first-contentful-paint'].displayValue} | ` +
          `${m['largest-contentful-paint'].displayValue} | ${m['total-blocking-time'].displayValue} | ` +
          `${m['cumulative-layout-shift'].displayValue} | ${load.toFixed(2)} |`);
      }
    } finally {
      await server.close();
    }
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}

const version = (file, args) => execFileSync(file, args,
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
console.log(`\nLighthouse ${version(lighthouse, ['--version'])} ${opts.desktop ? 'desktop' : 'mobile'}, ` +
  `Chromium ${version(chromiumPath, ['--version']).split(' ')[1]}:\n`);
console.log('| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | load average |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) console.log(r);
process.exit(ok ? 0 : 1);
