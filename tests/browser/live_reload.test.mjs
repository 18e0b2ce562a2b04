// Live reload as a person sees it: `sitegen serve` on a copy of content/, a page open
// in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core), then
// edits on disk. Nobody touches the page: it must show the new text in place (no page
// load, the scroll position kept; on a page without scripts only the changed elements
// replaced), show the error overlay for a broken site.toml, drop it after the fix, and
// reload in full once the page gains a script of its own, all by itself. The starter site
// in the onepage theme (its home page from onepage, its stylesheet after scholar's) is
// patched in place too.
//
// Run: npm ci --prefix tests/browser && node tests/browser/live_reload.test.mjs
// (SITEGEN_BINARY names the binary; default build/sitegen). Under ctest, missing
// prerequisites exit with SITEGEN_SKIP_CODE so the test shows as skipped.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromiumArgs, chromiumPath, missingPrerequisite, onepageStarter, root, skipWhenMissing, startServer,
  stopServer,
} from './sites.mjs';

const missing = missingPrerequisite();
skipWhenMissing(missing);

// Writes as editors do: a temporary file beside the real one, renamed over it.
function save(file, text) {
  const tmp = `${file}.tmp-save`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

let tmp;
let server;
let browser;
let page;

before(async () => {
  if (missing) return;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-browser-'));
  fs.cpSync(path.join(root, 'content'), path.join(tmp, 'content'), { recursive: true });
  server = startServer(path.join(tmp, 'content'));
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
    timeout: 30000,
  });
  page = await browser.newPage();
  page.setDefaultTimeout(10000);
});

after(async () => {
  if (browser) await browser.close();
  if (server) {
    const [code, ms] = await stopServer(server.child);
    assert.equal(code, 0, `sitegen serve exit status\n${server.logs()}`);
    assert.ok(ms < 2000, `sitegen serve took ${ms} ms to stop after SIGTERM`);
  }
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test('a page without scripts of its own is patched where it changed, not swapped whole',
  { skip: missing || false, timeout: 60000 }, async () => {
    const url = await server.url;
    await page.goto(`${url}publications/`);
    await page.waitForSelector('.pub-title');
    const file = path.join(tmp, 'content', 'publications.toml');
    const original = fs.readFileSync(file, 'utf8');
    const navigations = [];
    const onNavigate = (f) => { if (f === page.mainFrame()) navigations.push(f.url()); };
    page.on('framenavigated', onNavigate);
    // Marks on elements the edit does not touch: a patch keeps them, a swap would not.
    await page.evaluate(() => {
      document.querySelector('.site-header').dataset.kept = 'yes';
      document.querySelectorAll('.pub-title')[1].dataset.kept = 'yes';
    });
    // The first entry of the list, whichever it is.
    const first = await page.evaluate(() => document.querySelector('.pub-title').innerText);
    assert.ok(original.includes(`title = "${first}"`), `publications.toml has the title ${first}`);
    const title = `Patched in place ${Date.now()}`;
    const saved = Date.now();
    save(file, original.replace(`title = "${first}"`, `title = "${title}"`));
    await page.waitForFunction((t) => document.querySelector('.pub-title').innerText === t, title,
      { timeout: 10000 });
    console.log(`# edit to new title in the list: ${Date.now() - saved} ms`);
    assert.deepEqual(navigations, [], 'no page load');
    assert.equal(await page.evaluate(() => performance.getEntriesByName('sitegen:updated').length), 1);
    assert.equal(await page.locator('.site-header[data-kept="yes"]').count(), 1, 'the header is the same element');
    assert.equal(await page.locator('.pub-title[data-kept="yes"]').count(), 1, 'so is the next entry');
    assert.equal(await page.locator('.pub-title').count(),
      (original.match(/^\[\[publication\]\]$/gm) || []).length, 'no entry lost or doubled');
    save(file, original);
    await page.waitForFunction((t) => document.querySelector('.pub-title').innerText === t,
      first, { timeout: 10000 });
    page.off('framenavigated', onNavigate);
    assert.deepEqual(navigations, [], 'still no page load');
  });

test('an edit updates the page; a broken site.toml shows the overlay until it is fixed',
  { skip: missing || false, timeout: 90000 }, async () => {
    const url = await server.url;
    await page.setViewportSize({ width: 800, height: 400 });
    await page.goto(url);
    await page.waitForSelector('h1');
    const bioFile = path.join(tmp, 'content', 'bio.md');
    const siteFile = path.join(tmp, 'content', 'site.toml');
    const bio = fs.readFileSync(bioFile, 'utf8');
    const site = fs.readFileSync(siteFile, 'utf8');

    // 1. Edit the biography: the open page shows the new sentence by itself, swapped in
    //    place, where the reader had scrolled to.
    const marker = `Live reload works ${Date.now()}.`;
    const navigations = [];
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations.push(f.url()); });
    await page.evaluate(() => window.scrollTo(0, 300));
    const scrolled = await page.evaluate(() => window.scrollY);
    const sheets = await page.locator('link[rel="stylesheet"]').count();
    assert.ok(scrolled > 0, 'the home page is long enough to scroll');
    const saved = Date.now();
    save(bioFile, `${bio}\n${marker}\n`);
    await page.waitForFunction((m) => document.body.innerText.includes(m), marker, { timeout: 10000 });
    console.log(`# edit to new text in the page: ${Date.now() - saved} ms`);
    assert.deepEqual(navigations, [], 'no page load: the new body was swapped in');
    assert.equal(await page.evaluate(() => performance.getEntriesByName('sitegen:updated').length), 1);
    assert.equal(await page.evaluate(() => window.scrollY), scrolled, 'the scroll position is kept');
    assert.equal(await page.title(), 'Ada Example');
    assert.equal(await page.locator('head title').count(), 1, 'one title after the swap');
    assert.equal(await page.locator('link[rel="stylesheet"]').count(), sheets, 'the stylesheets kept, not re-added');
    // Math in the new body is typeset again (the script marked data-live-reload="rerun").
    assert.ok(await page.locator('.math').count() > 0, 'the home page has math');
    await page.waitForFunction(() => !document.querySelector('.math:not(.typeset)'), null, { timeout: 5000 });
    assert.equal(await page.locator('.email-address a[href^="mailto:"]').count(), 1,
      "the theme's inline script ran again on the new body");

    // 2. Break site.toml: the last good page stays, with the errors over it.
    save(siteFile, site.replace(/^title = "([^"]*)"$/m, 'title = "$1'));
    const overlay = await page.waitForSelector('#sitegen-errors', { state: 'visible', timeout: 10000 });
    const text = await overlay.innerText();
    assert.match(text, /the last change has \d+ error\(s\)/);
    assert.match(text, /site\.toml:\d+:\d+: error: /);
    assert.match(text, /title = "/);  // the source line is quoted
    assert.ok((await page.innerText('body')).includes(marker), 'the last good page is still shown');

    // 3. Fix it: the overlay goes away without any action.
    save(siteFile, site);
    await page.waitForSelector('#sitegen-errors', { state: 'detached', timeout: 10000 });
    assert.ok((await page.innerText('body')).includes(marker));
    assert.deepEqual(navigations, [], 'still no page load');

    // 4. A layout that loads a script from a file: a swap cannot redo what it did when the
    //    page loaded, so the page reloads in full and the script runs.
    const footer = fs.readFileSync(path.join(root, 'themes/scholar/partials/footer.mustache'), 'utf8');
    fs.writeFileSync(path.join(tmp, 'content', 'static', 'own.js'),
      'document.documentElement.dataset.ownScript = "ran";\n');
    fs.mkdirSync(path.join(tmp, 'content', 'layouts'), { recursive: true });
    save(path.join(tmp, 'content', 'layouts', 'footer.mustache'),
      footer.replace('</footer>', '</footer>\n<script src="/own.js"></script>'));
    await page.waitForFunction(() => document.documentElement.dataset.ownScript === 'ran', null,
      { timeout: 10000 });
    assert.equal(navigations.length, 1, 'one full reload');
    assert.ok((await page.innerText('body')).includes(marker));
  });

test('onepage: edits to the biography and a paper show in the open home page, with no page load',
  { skip: missing || false, timeout: 60000 }, async () => {
    const dir = path.join(tmp, 'onepage');
    fs.cpSync(onepageStarter(), dir, { recursive: true });
    const one = startServer(dir);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const url = await one.url;
      const home = await context.newPage();
      home.setDefaultTimeout(10000);
      await home.goto(url);
      await home.waitForSelector('.op-intro h1');
      const navigations = [];
      home.on('framenavigated', (f) => { if (f === home.mainFrame()) navigations.push(f.url()); });
      const marker = `Live reload in onepage ${Date.now()}.`;
      const bioFile = path.join(dir, 'bio.md');
      save(bioFile, `${fs.readFileSync(bioFile, 'utf8')}\n${marker}\n`);
      await home.waitForFunction((m) => document.querySelector('.op-bio').innerText.includes(m), marker,
        { timeout: 10000 });
      const pubsFile = path.join(dir, 'publications.toml');
      const pubs = fs.readFileSync(pubsFile, 'utf8');
      const title = `Patched in onepage ${Date.now()}`;
      save(pubsFile, pubs.replace(/^title = "Fastpath: [^"]*"$/m, `title = "${title}"`));
      await home.waitForFunction((t) => [...document.querySelectorAll('.home-pubs .pub-title')]
        .some((e) => e.textContent === t), title, { timeout: 10000 });
      assert.deepEqual(navigations, [], 'no page load');
      assert.equal(await home.evaluate(() => performance.getEntriesByName('sitegen:updated').length), 2);
      assert.equal(await home.locator('.home-pubs .pub-teaser').count(), 1, 'the teaser is still there');
    } finally {
      await context.close();
      const [code] = await stopServer(one.child);
      assert.equal(code, 0, `sitegen serve exit status\n${one.logs()}`);
    }
  });
