// Posts as a reader gets them, in headless Chromium: a post's page as rendered text (its
// date, reading time in the page's language, authors, a footnote and a citation of the
// site's paper with its references, tags, previous and next), the list
// by year and a tag's page, with no WCAG 2.1 A/AA violation (axe) at 1280 and 390 px in
// the light and the dark scheme, and no error from the W3C Nu checker; a draft is left
// out of the built site and shown, marked, by `sitegen serve`; a code block is coloured by
// Pygments at build time ([code] highlight = true), in both schemes.
//
// Run: npm ci --prefix tests/browser && node tests/browser/posts.test.mjs
// (SITEGEN_BINARY names the binary; default build/sitegen). Under ctest, a missing
// prerequisite exits with SITEGEN_SKIP_CODE so the test shows as skipped.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildSite, chromiumArgs, chromiumPath, here, missingPrerequisite, serveSite, skipWhenMissing,
  startServer, stopServer, writeTree } from './sites.mjs';

const vnuJar = path.join(here, 'node_modules/vnu-jar/build/dist/vnu.jar');
const axeScript = path.join(here, 'node_modules/axe-core/axe.min.js');
let missing = missingPrerequisite(['playwright-core', 'vnu-jar']);
if (!missing && !fs.existsSync(axeScript)) missing = `no ${axeScript} (run: npm ci --prefix tests/browser)`;
if (!missing && spawnSync('java', ['-version']).status !== 0)
  missing = 'no java for the W3C checker (apt-get install default-jre-headless)';
skipWhenMissing(missing);
const { chromium } = await import('playwright-core');
const axeSource = fs.readFileSync(axeScript, 'utf8');
// The highlighting needs Pygments (scripts/install-deps.sh --test installs it); without it
// the build warns and the code stays plain, and only the test of its colours is skipped.
const noPygments = spawnSync('python3', ['-c', 'import pygments']).status !== 0
  && 'no python3 with Pygments (apt install python3-pygments)';
const kCode = 'def area(r):\n    return 3.14 * r ** 2  # "pi r squared"\n';

// A German site of three posts (one a draft); the long one takes three minutes to read.
const kLong = Array.from({ length: 600 }, (_, i) => `Wort${i}`).join(' ');
const kFiles = {
  'site.toml': 'title = "Adas Seite"\nlanguage = "de"\n[person]\nname = "Ada Example"\n'
    + '[code]\nhighlight = true\n',
  'posts/erstes-licht.md': '+++\ntitle = "Erstes Licht"\ndate = 2025-03-01\ntags = ["Optik"]\n'
    + 'summary = "Das Teleskop sieht."\n+++\n\nDas erste Bild war *unscharf*.\n\n'
    + '```python\n' + kCode + '```\n',
  'posts/zweiter-blick.md': '+++\ntitle = "Zweiter Blick"\ndate = 2026-01-15\nupdated = 2026-02-01\n'
    + 'tags = ["Optik", "Notizen"]\nauthors = ["Ada Example", "Grace Hopper"]\n+++\n\n'
    + `Der Fehler fiel wie $1/n$.[^n] Die Linse ist unsere [@linse].\n\n${kLong}\n\n`
    + '[^n]: Bei $n$ Aufnahmen.\n',
  'publications.toml': '[[publication]]\nid = "linse"\ntitle = "Eine Linse für $n$ Sterne"\n'
    + 'authors = ["Ada Example", "Grace Hopper"]\nvenue = "OSA \'24"\nyear = 2024\n',
  'posts/entwurf.md': '+++\ntitle = "Noch nicht fertig"\ndate = 2026-05-01\ndraft = true\n+++\n\nBald.\n',
};

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-posts-'));
const content = path.join(work, 'content');
const out = path.join(work, 'site');
let browser;
let site;

before(async () => {
  process.env.SITEGEN_CACHE_DIR = path.join(work, 'cache');  // not the user's cache
  writeTree(content, kFiles);
  buildSite(content, 'https://example.github.io/repo/', out);
  site = await serveSite(out, '/repo/');
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

after(async () => {
  await browser?.close();
  await site?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const text = (page, selector) => page.locator(selector).innerText();
// The text a reader sees of an element with math typeset: KaTeX's MathML for screen
// readers left out, spaces as they render.
const seen = (page, selector) => page.locator(selector).evaluate((el) => {
  const copy = el.cloneNode(true);
  for (const m of copy.querySelectorAll('.katex-mathml')) m.remove();
  return copy.textContent.replace(/\s+/g, ' ').trim();
});

test("a post's page reads as a post: date, reading time, authors, tags, neighbours", async () => {
  const page = await browser.newPage();
  try {
    await page.goto(`${site.url}posts/zweiter-blick/`, { waitUntil: 'load' });
    assert.equal((await text(page, '.post-header')).replace(/\n+/g, '\n'),
      'Zweiter Blick\n15. Januar 2026 · Aktualisiert am 1. Februar 2026 · 3 Min. Lesezeit\nVon Ada Example, Grace Hopper');
    // The footnote and the citation as a reader sees them, once KaTeX has typeset the math.
    await page.waitForFunction(() => document.querySelectorAll('.math .katex').length >= 3);
    const first = await seen(page, '.post-body > p:first-child');
    assert.equal(first, 'Der Fehler fiel wie 1/n.1 Die Linse ist unsere [1].');
    assert.equal(await seen(page, '.footnotes'), 'Fußnoten Bei n Aufnahmen. ↩︎');
    assert.equal(await seen(page, '.references'),
      'Literatur Eine Linse für n Sterne. Ada Example, Grace Hopper. OSA \'24.');
    await page.click('.footnote-ref a');
    assert.equal(new URL(page.url()).hash, '#fn-1');
    await page.click('.footnote-back');
    assert.equal(new URL(page.url()).hash, '#fnref-1');
    assert.equal(await page.getAttribute('.citation a', 'href'), '/repo/publications/linse/');
    assert.equal(await text(page, '.post-tags'), 'Optik\nNotizen');
    assert.equal(await text(page, '.post-nav'), '← Vorheriger Beitrag\nErstes Licht');
    assert.equal(await page.title(), 'Zweiter Blick · Adas Seite');
    await page.click('.post-nav a');
    assert.equal(new URL(page.url()).pathname, '/repo/posts/erstes-licht/');
    assert.equal(await text(page, '.post-nav'), 'Nächster Beitrag →\nZweiter Blick');
    assert.equal(await text(page, '.post-meta'), '1. März 2025 · 1 Min. Lesezeit');
    assert.equal(await page.locator('.footnotes, .references').count(), 0);
  } finally {
    await page.close();
  }
});

test('a code block is coloured: keywords, strings, comments unlike the text, in both schemes',
  { skip: noPygments }, async () => {
    for (const colorScheme of ['light', 'dark']) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto(`${site.url}posts/erstes-licht/`, { waitUntil: 'load' });
      const code = page.locator('pre code.language-python');
      // The reader sees the code as written.
      assert.equal(await code.innerText(), kCode);
      const colours = await code.evaluate((el) => Object.fromEntries(
        [['text', el], ['keyword', el.querySelector('.k')], ['number', el.querySelector('.mf')],
          ['comment', el.querySelector('.c1')], ['name', el.querySelector('.nf')]]
          .map(([k, e]) => [k, e && getComputedStyle(e).color])));
      for (const kind of ['keyword', 'number', 'comment', 'name']) {
        assert.ok(colours[kind], `${colorScheme}: a ${kind} token is marked`);
        assert.notEqual(colours[kind], colours.text, `${colorScheme}: the ${kind} has a colour of its own`);
      }
      await context.close();
    }
  });

test('the list is grouped by year, a tag has its page, and the draft is not built', async () => {
  const page = await browser.newPage();
  try {
    await page.goto(`${site.url}posts/`, { waitUntil: 'load' });
    assert.deepEqual(await page.locator('.post-year h2').allInnerTexts(), ['2026', '2025']);
    assert.deepEqual(await page.locator('.post-title').allInnerTexts(), ['Zweiter Blick', 'Erstes Licht']);
    await page.click('text=Notizen');
    assert.equal(new URL(page.url()).pathname, '/repo/posts/tags/notizen/');
    assert.equal(await text(page, 'h1'), 'Beiträge zu „Notizen“');
    assert.deepEqual(await page.locator('.post-title').allInnerTexts(), ['Zweiter Blick']);
    assert.ok(!fs.existsSync(path.join(out, 'posts/entwurf')), 'the draft is left out');
  } finally {
    await page.close();
  }
});

test('axe: no WCAG 2.1 A/AA violation on the posts pages, in both schemes, at two widths', async () => {
  const found = [];
  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    for (const colorScheme of ['light', 'dark']) {
      const context = await browser.newContext({ viewport, colorScheme });
      await context.addInitScript(axeSource);
      const page = await context.newPage();
      for (const p of ['', 'posts/', 'posts/zweiter-blick/', 'posts/erstes-licht/', 'posts/tags/optik/']) {
        await page.goto(site.url + p, { waitUntil: 'load' });
        const result = await page.evaluate(() => window.axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
          resultTypes: ['violations'],
        }));
        for (const v of result.violations)
          found.push(`${viewport.width} ${colorScheme} /${p}: ${v.id}: ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
      await context.close();
    }
  }
  assert.deepEqual(found, []);
});

test('the W3C Nu checker finds no error in the posts pages', () => {
  const pages = ['index.html', 'posts/index.html', 'posts/zweiter-blick/index.html',
    'posts/tags/optik/index.html'].map((p) => path.join(out, p));
  const r = spawnSync('java', ['-Xss4m', '-jar', vnuJar, '--errors-only', ...pages], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
});

test('sitegen serve shows the draft, marked as one', async () => {
  const server = startServer(content);
  const page = await browser.newPage();
  try {
    const url = await server.url;
    await page.goto(`${url}posts/entwurf/`, { waitUntil: 'load' });
    assert.equal(await text(page, '.post-meta'), '1. Mai 2026 · 1 Min. Lesezeit · Entwurf');
    await page.goto(`${url}posts/`, { waitUntil: 'load' });
    assert.deepEqual(await page.locator('.post-title').allInnerTexts(),
      ['Noch nicht fertig', 'Zweiter Blick', 'Erstes Licht']);
  } finally {
    await page.close();
    await stopServer(server.child);
  }
});
