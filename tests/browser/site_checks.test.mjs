// Web checks on the built starter site and every example, for a root and a sub-path
// base URL (a user page https://NAME.github.io/ and a project page .../repo/):
//   - the W3C Nu HTML checker (vnu.jar, run with Java): no errors on any page;
//   - axe-core in headless Chromium: no WCAG 2.1 A/AA violation on any page, at 1280 px
//     and 390 px, in the light and the dark colour scheme;
//   - project pages included (the starter's and the lab's);
//   - internal links: `sitegen check --links`, and independently every href/src/srcset
//     Chromium finds in every page, fetched from a server that behaves like GitHub Pages;
//     no request of any page fails;
//   - the Atom feeds (news, posts, each post tag) and sitemap parse as XML and hold what their formats require; every
//     JSON-LD block parses as JSON; every page has its title, description, canonical URL,
//     OpenGraph and Twitter tags.
//
// Run: npm ci --prefix tests/browser && node tests/browser/site_checks.test.mjs
// (SITEGEN_BINARY names the binary; default build/sitegen). Needs Java (default-jre-headless)
// and Chromium (/usr/bin/chromium, or CHROMIUM=...). Under ctest, a missing prerequisite
// exits with SITEGEN_SKIP_CODE so the test shows as skipped.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildSite, chromiumArgs, chromiumPath, contentDirs, here, listFiles, missingPrerequisite, root,
  linkedUrls, serveSite, siteName, sitegen, skipWhenMissing,
} from './sites.mjs';

const vnuJar = path.join(here, 'node_modules/vnu-jar/build/dist/vnu.jar');
// axe-core comes with @axe-core/playwright; its AxeBuilder injects the whole script again
// for every analyze(), which made it three times slower than axe.run on a page that
// loaded the script once.
const axeScript = path.join(here, 'node_modules/axe-core/axe.min.js');

function missingCheckers() {
  const missing = missingPrerequisite(['playwright-core', '@axe-core/playwright', 'vnu-jar']);
  if (missing) return missing;
  if (!fs.existsSync(axeScript)) return `no ${axeScript} (run: npm ci --prefix tests/browser)`;
  if (spawnSync('java', ['-version']).status !== 0)
    return 'no java for the W3C checker (apt-get install default-jre-headless)';
  return '';
}

const missing = missingCheckers();
skipWhenMissing(missing);

const { chromium } = await import('playwright-core');
const axeSource = fs.readFileSync(axeScript, 'utf8');

const kBases = [
  { name: 'root', url: 'https://example.github.io/', path: '/' },
  { name: 'sub-path', url: 'https://example.github.io/repo/', path: '/repo/' },
];
const kWcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const kViewports = [{ width: 1280, height: 900 }, { width: 390, height: 844 }];
const kSchemes = ['light', 'dark'];

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-site-checks-'));
const builds = [];
for (const content of contentDirs()) {
  for (const base of kBases) {
    const dir = path.join(work, `${siteName(content).replace(/\//g, '-')}-${base.name}`);
    buildSite(content, base.url, dir);
    const files = listFiles(dir);
    builds.push({ content, base, dir, files, pages: files.filter((f) => f.endsWith('.html')) });
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

test('W3C Nu HTML checker: no errors on any page', () => {
  const dirs = builds.map((b) => b.dir);
  const r = spawnSync('java', ['-Xss4m', '-jar', vnuJar, '--errors-only', '--skip-non-html',
    '--format', 'json', ...dirs], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const report = JSON.parse(r.stderr || '{"messages":[]}');
  const errors = report.messages.filter((m) => m.type !== 'info');
  const text = errors.map((m) => `${path.relative(work, new URL(m.url).pathname)}:${m.lastLine}: ` +
    `${m.message}\n    ${(m.extract || '').replace(/\n/g, ' ')}`).join('\n');
  assert.equal(errors.length, 0, `vnu reported ${errors.length} error(s):\n${text}`);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const pages = builds.reduce((n, b) => n + b.pages.length, 0);
  console.log(`vnu: ${pages} pages, 0 errors`);
});

for (const b of builds) {
  // Two tests at a time: each has its own browser context, and the machine two cores.
  describe(`${siteName(b.content)} at ${b.base.url}`, { concurrency: 2 }, () => {
    test('sitegen check --links finds no broken link', () => {
      const out = execFileSync(sitegen, ['check', path.resolve(root, b.content),
        '--links', '--base-url', b.base.url], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      assert.match(out, /all internal links resolve/);
    });

    // The starter and the lab have a project each: its page and /projects/ are among the
    // pages every check here covers.
    if (['content', 'onepage-starter', 'examples/lab'].includes(siteName(b.content))) {
      test('the project pages are built, and so checked', () => {
        assert.ok(b.pages.includes('projects/index.html'));
        assert.ok(b.pages.some((f) => /^projects\/[^/]+\/index\.html$/.test(f)), b.pages.join(' '));
      });
    }

    test('every page has its title, description, canonical URL, OpenGraph and Twitter tags', () => {
      const problems = [];
      for (const file of b.pages) {
        const html = fs.readFileSync(path.join(b.dir, file), 'utf8');
        const need = [/<title>[^<]+<\/title>/, /<meta name="description" content="[^"]+">/,
          /<meta property="og:title" content="[^"]+">/, /<meta name="twitter:card" content="summary">/,
          /<meta property="og:description" content="[^"]+">/];
        if (!file.endsWith('404.html')) {  // each language's 404 page: no address of its own
          const canonical = b.base.url + pagePath(file);
          need.push(new RegExp(`<link rel="canonical" href="${canonical}">`),
            new RegExp(`<meta property="og:url" content="${canonical}">`));
        }
        for (const re of need) if (!re.test(html)) problems.push(`${file}: no match for ${re}`);
      }
      assert.deepEqual(problems, []);
    });

    test('JSON-LD parses as JSON; the home page describes a Person, or the group and its members', () => {
      // The home page of each language: beside its language's 404 page.
      const homes = b.pages.filter((f) => f.endsWith('404.html')).map((f) => f.replace('404.html', 'index.html'));
      const member = (f) => /(^|\/)people\/[^/]+\/index\.html$/.test(f);
      let persons = 0;
      let groups = 0;
      for (const file of b.pages) {
        const html = fs.readFileSync(path.join(b.dir, file), 'utf8');
        for (const m of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
          const data = JSON.parse(m[1]);
          assert.equal(data['@context'], 'https://schema.org', file);
          if (data['@type'] === 'Person' && member(file)) {
            assert.ok(data.name && data.memberOf, `${file}: ${m[1]}`);
          } else if (data['@type'] === 'Person') {
            assert.ok(homes.includes(file), file);
            assert.ok(data.name && data.url === b.base.url, `${file}: ${m[1]}`);
            persons++;
          } else if (data['@type'] === 'ResearchOrganization') {
            assert.ok(homes.includes(file), file);
            assert.ok(data.name, `${file}: ${m[1]}`);
            groups++;
          }
        }
      }
      assert.equal(persons + groups, homes.length);
    });

    test('sitemap.xml and the news and posts feeds parse as XML and hold what their formats require', async () => {
      const page = await browser.newPage();
      try {
        const parse = (xml) => page.evaluate((text) => {
          const doc = new DOMParser().parseFromString(text, 'application/xml');
          const err = doc.querySelector('parsererror');
          if (err) return { error: err.textContent };
          const ns = doc.documentElement.namespaceURI;
          const all = (el, name) => [...el.children].filter((c) => c.localName === name);
          const text1 = (el, name) => all(el, name).map((c) => c.textContent.trim());
          if (doc.documentElement.localName === 'urlset')
            return { ns, locs: all(doc.documentElement, 'url').map((u) => text1(u, 'loc')[0]) };
          const feed = doc.documentElement;
          return {
            ns, root: feed.localName, title: text1(feed, 'title'), id: text1(feed, 'id'),
            updated: text1(feed, 'updated'), author: all(feed, 'author').length,
            self: all(feed, 'link').filter((l) => l.getAttribute('rel') === 'self').map((l) => l.getAttribute('href')),
            entries: all(feed, 'entry').map((e) => ({
              title: text1(e, 'title'), id: text1(e, 'id'), updated: text1(e, 'updated'),
              content: all(e, 'content').length, links: all(e, 'link').map((l) => l.getAttribute('href')),
            })),
          };
        }, xml);
        const sitemap = await parse(fs.readFileSync(path.join(b.dir, 'sitemap.xml'), 'utf8'));
        assert.equal(sitemap.error, undefined, sitemap.error);
        assert.equal(sitemap.ns, 'http://www.sitemaps.org/schemas/sitemap/0.9');
        const expected = b.pages.filter((f) => f.endsWith('index.html')).map((f) => b.base.url + pagePath(f));
        assert.deepEqual([...sitemap.locs].sort(), [...expected].sort());
        const robots = fs.readFileSync(path.join(b.dir, 'robots.txt'), 'utf8');
        assert.match(robots, new RegExp(`^Sitemap: ${b.base.url}sitemap.xml$`, 'm'));

        // The news feed and the posts' feeds (all posts, and each tag's), in every language.
        const feeds = b.files.filter((f) => /(^|\/)(news|posts|posts\/tags\/[^/]+)\/feed\.xml$/.test(f));
        for (const file of feeds) {
          const dir = file.slice(0, -'feed.xml'.length);
          const feed = await parse(fs.readFileSync(path.join(b.dir, file), 'utf8'));
          assert.equal(feed.error, undefined, `${file}: ${feed.error}`);
          assert.equal(feed.ns, 'http://www.w3.org/2005/Atom');
          assert.equal(feed.root, 'feed');
          assert.equal(feed.title.length, 1);
          assert.deepEqual(feed.id, [`${b.base.url}${dir}`]);
          assert.match(feed.updated[0], /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
          assert.equal(feed.author, 1);
          assert.deepEqual(feed.self, [`${b.base.url}${file}`]);
          assert.ok(feed.entries.length > 0, `${file} has entries`);
          const ids = new Set();
          for (const e of feed.entries) {
            assert.equal(e.title.length, 1);
            assert.doesNotMatch(e.title[0], /&(amp|lt|gt|quot|#\d+);/, 'entity left in a title');
            assert.equal(e.id.length, 1);
            ids.add(e.id[0]);
            assert.match(e.updated[0], /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
            assert.ok(e.content === 1 || e.links.length > 0);
            for (const l of e.links) assert.match(l, /^https?:\/\//);
            // A post's entry links to its page, which the build has.
            if (dir.startsWith('posts/') || dir.includes('/posts/'))
              for (const l of e.links) assert.ok(b.files.includes(`${l.slice(b.base.url.length)}index.html`), `${file}: ${l}`);
          }
          assert.equal(ids.size, feed.entries.length, `${file}: entry ids are unique`);
        }
        if (['content', 'onepage-starter'].includes(siteName(b.content))) assert.ok(feeds.includes('posts/feed.xml'), 'the starter has a post feed');
      } finally {
        await page.close();
      }
    });

    test('in Chromium, every href, src and srcset of every page resolves; no request fails', async () => {
      const server = await serveSite(b.dir, b.base.path);
      const context = await browser.newContext();
      const page = await context.newPage();
      const failed = [];
      const status = new Map();
      const local = new URL(server.url);
      let expect404 = false;
      page.on('response', (r) => {
        if (r.status() >= 400 && !expect404) failed.push(`${page.url()}: ${r.status()} ${r.url()}`);
      });
      // Requests still loading when the next page is opened are aborted: not a failure.
      page.on('requestfailed', (r) => {
        if (r.failure()?.errorText !== 'net::ERR_ABORTED')
          failed.push(`${page.url()}: ${r.failure()?.errorText} ${r.url()}`);
      });
      try {
        for (const file of b.pages) {
          if (file === '404.html') continue;
          await page.goto(server.url + pagePath(file), { waitUntil: 'load' });
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
        // The 404 page as GitHub Pages shows it: for a missing address deep inside the site.
        expect404 = true;
        const r = await page.goto(`${server.url}no/such/page/`, { waitUntil: 'load' });
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
    for (const viewport of kViewports) {
      for (const colorScheme of kSchemes) {
        test(`axe: no WCAG 2.1 A/AA violations at ${viewport.width} px, ${colorScheme}`, async () => {
          const server = await serveSite(b.dir, b.base.path);
          const context = await browser.newContext({ viewport, colorScheme });
          await context.addInitScript(axeSource);
          const page = await context.newPage();
          const found = [];
          try {
            for (const file of b.pages) {
              const url = file === '404.html' ? `${server.url}missing/` : server.url + pagePath(file);
              await page.goto(url, { waitUntil: 'load' });
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
    }
  });
}
