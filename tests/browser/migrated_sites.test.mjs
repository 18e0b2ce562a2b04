// The web checks of site_checks.test.mjs on sites made by `sitegen migrate` from the
// upstream demo trees of ../shared/testdata/sites/ (al-folio, academicpages and three
// generations of Hugo Blox), each built for a root and a sub-path base URL:
//   - `sitegen check --links` on every page;
//   - in headless Chromium, served the way GitHub Pages serves them, the pages a migrated
//     site is made of: home, publication list, one paper, news, talks, CV, one page moved
//     from the old site's pages, posts or projects, one redirect of an old address and
//     the 404 page: every href/src/srcset resolves and no request fails; axe finds no
//     WCAG 2.1 A/AA violation at 1280 px in the light and 390 px in the dark colour scheme.
// A sample rather than every page: each kind of page is one template of the theme, and
// the migrated trees have ~40 pages each (mostly posts and redirects); the whole check
// stays near a minute. Every page still goes through `sitegen check --links`.
//
// Run: npm ci --prefix tests/browser && node tests/browser/migrated_sites.test.mjs
// (SITEGEN_BINARY names the binary; default build/sitegen). Under ctest, a missing
// prerequisite (node_modules, Chromium, the binary, ../shared/testdata/sites) exits with
// SITEGEN_SKIP_CODE so the test shows as skipped.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildSite, chromiumArgs, chromiumPath, here, linkedUrls, listFiles, missingPrerequisite, root, serveSite,
  sitegen, skipWhenMissing,
} from './sites.mjs';

const shared = path.resolve(root, '../shared/testdata');
const sitesDir = path.join(shared, 'sites');
const axeScript = path.join(here, 'node_modules/axe-core/axe.min.js');
const kTrees = ['al-folio-demo', 'academicpages-demo', 'hugo-blox-demo', 'hugo-blox-demo-legacy',
  'hugo-blox-demo-2022'];

function missingInputs() {
  const missing = missingPrerequisite(['playwright-core', '@axe-core/playwright']);
  if (missing) return missing;
  if (!fs.existsSync(axeScript)) return `no ${axeScript} (run: npm ci --prefix tests/browser)`;
  for (const t of kTrees)
    if (!fs.existsSync(path.join(sitesDir, t))) return `no ${path.join(sitesDir, t)} (../shared is absent)`;
  return '';
}

skipWhenMissing(missingInputs());

const { chromium } = await import('playwright-core');
const axeSource = fs.readFileSync(axeScript, 'utf8');

const kBases = [
  { name: 'root', url: 'https://example.github.io/', path: '/' },
  { name: 'sub-path', url: 'https://example.github.io/repo/', path: '/repo/' },
];
const kWcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// Both widths and both schemes, in two runs instead of four: the theme's colours do not
// depend on the width.
const kLooks = [
  { viewport: { width: 1280, height: 900 }, colorScheme: 'light' },
  { viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
];

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-migrated-'));

// The old site as migrate reads it. al-folio's demo leaves its _bibliography/papers.bib
// and its PDFs out (SOURCES.md): a copy gets a real user's .bib from
// ../shared/testdata/bib/ and, in assets/pdf/ where al-folio keeps them, a small PDF for
// each file the .bib names, so that the migrated site has its publication pages and the
// files they link to, as a whole al-folio site would.
function oldSite(tree) {
  if (tree !== 'al-folio-demo') return path.join(sitesDir, tree);
  const copy = path.join(work, 'old', tree);
  fs.cpSync(path.join(sitesDir, tree), copy, { recursive: true });
  fs.mkdirSync(path.join(copy, '_bibliography'));
  const bib = fs.readFileSync(path.join(shared, 'bib/homepage-alfolio-user.bib'), 'utf8');
  fs.writeFileSync(path.join(copy, '_bibliography/papers.bib'), bib);
  fs.mkdirSync(path.join(copy, 'assets/pdf'), { recursive: true });
  for (const m of bib.matchAll(/^\s*pdf\s*=\s*\{([^}:/]+\.pdf)\}/gim))
    fs.writeFileSync(path.join(copy, 'assets/pdf', m[1]), '%PDF-1.4\n%%EOF\n');
  return copy;
}

// Whether a built page is a redirect of an old address.
const isRedirect = (dir, file) =>
  fs.readFileSync(path.join(dir, file), 'utf8').includes('<meta http-equiv="refresh"');

// The pages checked in the browser: one of each kind the migrated site has.
function samplePages(dir, pages) {
  const chosen = [];
  const add = (f) => { if (f && pages.includes(f) && !chosen.includes(f)) chosen.push(f); };
  for (const f of ['index.html', 'publications/index.html', 'news/index.html', 'talks/index.html',
    'cv/index.html', '404.html']) add(f);
  add(pages.find((f) => /^publications\/[^/]+\/index\.html$/.test(f) && !isRedirect(dir, f)));
  const known = /^(publications|news|talks|cv|tags|people|[a-z]{2}(-[a-z]+)?)\//i;
  add(pages.find((f) => f.includes('/') && !known.test(f) && !isRedirect(dir, f)));
  add(pages.find((f) => isRedirect(dir, f)));
  return chosen;
}

const builds = [];
for (const tree of kTrees) {
  const content = path.join(work, 'new', tree);
  const out = execFileSync(sitegen, ['migrate', oldSite(tree), content], { encoding: 'utf8' });
  for (const base of kBases) {
    const dir = path.join(work, 'public', `${tree}-${base.name}`);
    buildSite(content, base.url, dir);
    const pages = listFiles(dir).filter((f) => f.endsWith('.html'));
    builds.push({ tree, content, report: out, base, dir, pages, sample: samplePages(dir, pages) });
  }
}

let browser;
before(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});
after(async () => {
  await browser?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

// The address a page is served at, from its output path.
function pagePath(file) {
  return file === 'index.html' ? '' : file.replace(/(^|\/)index\.html$/, '$1');
}

// A page whose goto(url, { stay: true }) stays on a redirect page: the navigation its
// <meta http-equiv="refresh"> starts is aborted, so the page itself is what is checked
// (its target is checked as a page of its own).
// Requests to other hosts (images a migrated post shows from the web) are not made: this
// machine may be offline, and they are not the site's own.
async function holdingPage(context, server) {
  const page = await context.newPage();
  const origin = new URL(server.url).origin;
  let only = '';
  await page.route('**/*', (route) => {
    const r = route.request();
    if (new URL(r.url()).origin !== origin) return route.abort('aborted');
    if (only && r.isNavigationRequest() && r.frame() === page.mainFrame() && r.url() !== only)
      return route.abort('aborted');
    return route.continue();
  });
  const goto = page.goto.bind(page);
  page.goto = (url, options = {}) => {
    only = options.stay ? url : '';
    return goto(url, { waitUntil: 'load' });
  };
  return page;
}

for (const b of builds) {
  describe(`${b.tree} migrated, at ${b.base.url}`, { concurrency: 2 }, () => {
    test('the migration built the site without an error', () => {
      assert.match(b.report, /^the new site builds with 0 errors and \d+ warnings?/m, b.report);
      // Each kind of page is there to check (al-folio has no talks, the Hugo Blox demos no news).
      const kinds = ['index.html', 'publications/index.html', 'cv/index.html', '404.html'];
      for (const f of kinds) assert.ok(b.sample.includes(f), `${f} in ${b.sample}`);
      assert.ok(b.sample.some((f) => /^publications\/[^/]+\/index\.html$/.test(f)), `a paper in ${b.sample}`);
      assert.ok(b.sample.some((f) => isRedirect(b.dir, f)), `a redirect in ${b.sample}`);
      console.log(`${b.tree} ${b.base.name}: ${b.pages.length} pages; checked in Chromium: ${b.sample.join(' ')}`);
    });

    test('sitegen check --links finds no broken link on any page', () => {
      const out = execFileSync(sitegen, ['check', b.content, '--links', '--base-url', b.base.url],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      assert.match(out, /all internal links resolve/);
    });

    test('in Chromium, every href, src and srcset resolves; no request fails', async () => {
      const server = await serveSite(b.dir, b.base.path);
      const context = await browser.newContext();
      const page = await holdingPage(context, server);
      const failed = [];
      const status = new Map();
      const local = new URL(server.url);
      let expect404 = false;
      page.on('response', (r) => {
        if (r.status() >= 400 && !expect404) failed.push(`${page.url()}: ${r.status()} ${r.url()}`);
      });
      page.on('requestfailed', (r) => {
        if (r.failure()?.errorText !== 'net::ERR_ABORTED')
          failed.push(`${page.url()}: ${r.failure()?.errorText} ${r.url()}`);
      });
      try {
        for (const file of b.sample) {
          if (file === '404.html') continue;
          await page.goto(server.url + pagePath(file), { stay: isRedirect(b.dir, file) });
          const urls = await linkedUrls(page);
          for (const href of urls) {
            let u = new URL(href);
            if (href.startsWith(b.base.url)) u = new URL(href.slice(b.base.url.length), server.url);
            if (u.origin !== local.origin) continue;
            u.hash = '';
            if (!status.has(u.href)) status.set(u.href, (await fetch(u.href)).status);
            if (status.get(u.href) !== 200) failed.push(`${file}: ${status.get(u.href)} ${href}`);
          }
        }
        expect404 = true;
        const r = await page.goto(`${server.url}no/such/page/`);
        assert.equal(r.status(), 404);
        assert.match(await page.title(), /not found/i);
      } finally {
        await context.close();
        await server.close();
      }
      assert.deepEqual(failed, []);
    });

    // Accessibility does not depend on the base URL: axe runs on the sub-path build only.
    if (b.base.name !== 'sub-path') return;
    for (const { viewport, colorScheme } of kLooks) {
      test(`axe: no WCAG 2.1 A/AA violations at ${viewport.width} px, ${colorScheme}`, async () => {
        const server = await serveSite(b.dir, b.base.path);
        const context = await browser.newContext({ viewport, colorScheme });
        await context.addInitScript(axeSource);
        const page = await holdingPage(context, server);
        const found = [];
        try {
          for (const file of b.sample) {
            const url = file === '404.html' ? `${server.url}missing/` : server.url + pagePath(file);
            await page.goto(url, { stay: isRedirect(b.dir, file) });
            const result = await page.evaluate((tags) => window.axe.run(document, {
              runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'],
            }), kWcagTags);
            for (const v of result.violations)
              found.push(`${file}: ${v.id} (${v.impact}): ${v.help}\n` +
                v.nodes.slice(0, 3).map((n) => `    ${n.target.join(' ')}: ${n.failureSummary.replace(/\n/g, ' ')}`).join('\n'));
          }
        } finally {
          await context.close();
          await server.close();
        }
        assert.equal(found.length, 0, `${found.length} violation(s):\n${found.join('\n')}`);
      });
    }
  });
}
