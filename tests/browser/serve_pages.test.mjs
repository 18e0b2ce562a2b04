// Every page of examples/lab as the live preview shows it: `sitegen serve` (not the built
// folder) answers each page, and headless Chromium loads it with no failed request (every
// stylesheet, font, icon and image, member photos kept in people/<id>/ among them), no
// console error and no script error, and every image decodes. The pages are those
// `sitegen build` writes for the same folder. Every wait is bounded.
//
// Run: npm ci --prefix tests/browser && node tests/browser/serve_pages.test.mjs
// (SITEGEN_BINARY names the binary; default build/sitegen). Under ctest, missing
// prerequisites exit with SITEGEN_SKIP_CODE so the test shows as skipped.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildSite, chromiumArgs, chromiumPath, listFiles, missingPrerequisite, root, skipWhenMissing,
  startServer, stopServer,
} from './sites.mjs';

const missing = missingPrerequisite();
skipWhenMissing(missing);

const kSite = 'examples/lab';
let tmp;
let server;
let browser;

before(async () => {
  if (missing) return;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-serve-pages-'));
  server = startServer(path.join(root, kSite));
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, timeout: 30000 });
});

after(async () => {
  if (browser) await browser.close();
  if (server) {
    const [code] = await stopServer(server.child);
    assert.equal(code, 0, `sitegen serve exit status\n${server.logs()}`);
  }
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

// Loads one page and returns what went wrong on it, and the images it shows.
async function visit(url) {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  page.setDefaultTimeout(15000);
  const problems = [];
  let done = false;  // closing the page aborts the live-reload stream: not a failure
  page.on('requestfailed', (r) => {
    if (!done) problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`);
  });
  page.on('response', (r) => {
    if (!done && r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  page.on('console', (m) => {
    if (!done && m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => { if (!done) problems.push(`script error: ${e.message}`); });
  try {
    await page.goto(url, { waitUntil: 'load' });
    // Scrolled through, so images loaded lazily are asked for too.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 700) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    await page.waitForFunction(() => [...document.images].every((i) => i.complete),
      null, { timeout: 10000 });
    const images = await page.evaluate(() => [...document.images].map((i) => ({
      src: new URL(i.currentSrc || i.src).pathname, ok: i.naturalWidth > 0,
    })));
    for (const i of images) if (!i.ok) problems.push(`image not shown: ${i.src}`);
    return { problems, images };
  } finally {
    done = true;
    await page.close();
  }
}

test('sitegen serve: every page of examples/lab loads with no failed request or console error',
  { skip: missing || false, timeout: 540000 }, async () => {
    const url = await server.url;
    const built = path.join(tmp, 'lab');
    buildSite(kSite, '/', built);
    const pages = listFiles(built).filter((f) => f.endsWith('.html'))
      .map((f) => f.replace(/(^|\/)index\.html$/, '$1'));
    assert.ok(pages.length >= 70, `${pages.length} pages`);
    const problems = [];
    const shown = new Set();
    for (const p of pages) {
      const r = await visit(url + p);
      for (const msg of r.problems) problems.push(`/${p}: ${msg}`);
      for (const i of r.images) if (i.ok) shown.add(i.src);
    }
    assert.deepEqual(problems, [], `${problems.length} problem(s) on ${pages.length} pages`);
    // The member photos kept in people/<id>/ are among the images shown, resized (two
    // photos, each at the card's and the page's width), and their originals are served;
    // so is the one project image, at the card's and the project page's width.
    const resized = [...shown].filter((s) => /^\/img\/[0-9a-f]{16}-\d+\.webp$/.test(s));
    assert.equal(resized.length, 6, `resized images shown: ${[...shown].join(', ')}`);
    for (const photo of ['/people/maria-lindqvist/photo.jpg', '/people/lena-brandt/photo.jpg']) {
      const res = await fetch(new URL(photo, url));
      assert.equal(res.status, 200, photo);
      assert.equal(res.headers.get('content-type'), 'image/jpeg', photo);
    }
    console.log(`# ${pages.length} pages served, ${shown.size} images shown, no failures`);
  });

test('sitegen serve: /people/ shows each member as a card, with the address as a mailto: link',
  { skip: missing || false, timeout: 60000 }, async () => {
    const url = await server.url;
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    try {
      await page.goto(`${url}people/`, { waitUntil: 'load' });
      const cards = page.locator('.member-card');
      assert.equal(await cards.count(), 14);
      const text = async (card) => (await card.innerText()).replace(/\n+/g, '\n');
      // What the PI's card reads (the link labels are there for screen readers, beside
      // their icons).
      assert.equal(await text(cards.first()), [
        'Maria Lindqvist', 'Professor of Computer Science', 'since Sep 2012',
        'Operating systems', 'Storage', 'Energy-efficient computing',
        'maria@lab.example.org', 'GitHub', 'Google Scholar', 'ORCID',
      ].join('\n'));
      const tomas = page.locator('.member-card', { hasText: 'Tomás Ferreira' });
      assert.equal(await tomas.locator('.avatar').innerText(), 'TF');
      assert.equal(await tomas.locator('.avatar').getAttribute('aria-hidden'), 'true');
      const mailto = await page.locator('.member-card a[href^="mailto:"]').evaluateAll(
        (links) => links.map((a) => `${a.getAttribute('href')} ${a.textContent}`));
      assert.deepEqual(mailto, ['maria', 'tomas', 'ayesha', 'kenji', 'lena', 'diego', 'priya', 'olga']
        .map((n) => `mailto:${n}@lab.example.org ${n}@lab.example.org`));
      // Alumni: when they were here and where they went. The initials are seen, and not
      // read out: a screen reader starts at the name.
      const clara = page.locator('.member-card', { hasText: 'Clara Moreau' });
      assert.match(await text(clara),
        /^CM\nClara Moreau\nPhD Student\nSep 2015 – Aug 2020\nNow: Assistant Professor, Example Institute of Technology\n/);
      assert.match(await clara.ariaSnapshot(),
        /^- listitem:\n {2}- heading "Clara Moreau" \[level=3\]:\n {4}- link "Clara Moreau"/);
    } finally {
      await page.close();
    }
  });
