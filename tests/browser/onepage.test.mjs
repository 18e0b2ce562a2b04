// The onepage theme as a reader sees it, in headless Chromium: the starter site built with
// theme = "onepage" (its paper's teaser shown) under a sub-path, its home page at 1366 and
// 390 px in the light and the dark scheme: the text of the introduction, the interests
// line, the news and the paper as rendered; the photo beside the introduction, the teaser
// on the left of the paper's text (above it on a phone), nothing wider than the screen;
// the scheme switch's contract (data-theme); the page without JavaScript; and axe (WCAG
// 2.1 A/AA) on the home page in each case.
//
// Run: npm ci --prefix tests/browser && node tests/browser/onepage.test.mjs
// (SITEGEN_BINARY names the binary; default build/sitegen). Under ctest, a missing
// prerequisite exits with SITEGEN_SKIP_CODE so the test shows as skipped.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildSite, chromiumArgs, chromiumPath, here, missingPrerequisite, onepageStarter, serveSite,
  skipWhenMissing,
} from './sites.mjs';

const axeScript = path.join(here, 'node_modules/axe-core/axe.min.js');
const missing = missingPrerequisite() ||
  (fs.existsSync(axeScript) ? null : `no ${axeScript} (run: npm ci --prefix tests/browser)`);
skipWhenMissing(missing);
const { chromium } = await import('playwright-core');
const axeSource = fs.readFileSync(axeScript, 'utf8');
const kWcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// onepage's --bg (themes/onepage/assets/style.css).
const kBackground = { light: 'rgb(255, 254, 251)', dark: 'rgb(19, 19, 22)' };

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-onepage-test-'));
let browser;
let site;

before(async () => {
  const out = path.join(work, 'site');
  buildSite(onepageStarter(), 'https://example.github.io/repo/', out);
  site = await serveSite(out, '/repo/');
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

after(async () => {
  await browser?.close();
  site?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

// What the home page shows, as rendered text and boxes.
function homeView() {
  const box = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width }; };
  const q = (s) => document.querySelector(s);
  // An element's text with what its stylesheet adds before and after it (the separators).
  const pseudo = (e, which) => {
    const c = getComputedStyle(e, which).content;
    return c && c !== 'none' && c !== 'normal' ? JSON.parse(c) : '';
  };
  const shown = (e) => pseudo(e, '::before') + e.innerText + pseudo(e, '::after');
  const paper = [...document.querySelectorAll('.home-pubs .pub')].find((p) => p.querySelector('.pub-teaser'));
  paper.scrollIntoView();  // the list's entries are laid out when near the screen
  return {
    background: getComputedStyle(document.body).backgroundColor,
    name: q('.op-name').innerText,
    role: [...document.querySelectorAll('.op-intro .position, .op-intro .affiliation')].map((e) => e.innerText),
    contact: [...document.querySelectorAll('.op-contact li')].map(shown).join(' '),
    interests: `${q('.op-interests h2').innerText} ${[...document.querySelectorAll('.op-interests li')].map(shown).join('')}`,
    news: [...document.querySelectorAll('.home-news .news-item')].map((e) => e.innerText.replace(/\s+/g, ' ')),
    paperTitle: paper.querySelector('.pub-title').innerText,
    paperAuthors: paper.querySelector('.pub-authors').innerText,
    owner: paper.querySelector('.pub-authors .me').innerText,
    ownerWeight: getComputedStyle(paper.querySelector('.pub-authors .me')).fontWeight,
    teaserSrc: paper.querySelector('.pub-teaser').currentSrc,
    teaser: box(paper.querySelector('.pub-teaser')),
    title: box(paper.querySelector('.pub-title')),
    photo: box(q('.op-photo')),
    // The name's text, not its block, which reaches under the floated photo.
    h1: box((() => { const r = document.createRange(); r.selectNode(q('.op-name').firstChild); return r; })()),
    siteTitleShown: getComputedStyle(q('.site-title')).display !== 'none',
    scrollWidth: document.documentElement.scrollWidth,
  };
}

for (const width of [1366, 390]) {
  for (const colorScheme of ['light', 'dark']) {
    test(`home page at ${width} px, ${colorScheme}: the text, the layout and axe`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
      await context.addInitScript(axeSource);
      const page = await context.newPage();
      try {
        await page.goto(site.url);
        // The teaser loads lazily: once it is near the screen.
        await page.locator('.home-pubs .pub-teaser').scrollIntoViewIfNeeded();
        await page.waitForFunction(() => {
          const img = document.querySelector('.home-pubs .pub-teaser');
          return img.complete && img.currentSrc;
        }, null, { timeout: 10000 });
        const v = await page.evaluate(homeView);
        assert.equal(v.background, kBackground[colorScheme]);
        assert.equal(v.name, 'Ada Example\nАда Пример');
        assert.deepEqual(v.role, ['Assistant Professor of Computer Science', 'Example University']);
        // The email address made a link by the theme's script, then the phone and the links.
        assert.equal(v.contact, 'ada@example.org/ +1 555-0100/ Google Scholar/ GitHub/ ORCID/ Sparse Systems Lab');
        assert.equal(v.interests, 'Research interests Compilers for sparse tensor algebra · ' +
          'Programming languages for scientific computing · Performance portability across accelerators');
        assert.equal(v.news.length, 5);
        assert.equal(v.news[0], 'Sep 1, 2025 Our lab is hiring! See prospective students if you would like to join.');
        assert.equal(v.paperTitle, 'Fastpath: Compiling Sparse Tensor Programs for Heterogeneous Accelerators');
        assert.equal(v.paperAuthors, 'Ada Example*, Ben Sample*, Chen Placeholder, Dana Demo†');
        assert.equal(v.owner, 'Ada Example');
        assert.ok(Number(v.ownerWeight) >= 600, `the owner in bold (${v.ownerWeight})`);
        // A resized copy (the 10rem teaser's 1x, or its 2x when Chromium has that one
        // cached already: it may take any candidate it holds that is large enough).
        assert.match(v.teaserSrc, /\/repo\/img\/[0-9a-f]+-(192|384)\.webp$/);
        assert.ok(!v.siteTitleShown, 'the name is the heading: no site title in the header');
        assert.ok(v.scrollWidth <= width, `nothing wider than the screen (${v.scrollWidth} px)`);
        if (width === 1366) {
          // The teaser on the left of the paper's text, 10rem wide; the photo right of the name.
          assert.ok(v.teaser.right < v.title.left, JSON.stringify(v));
          assert.equal(Math.round(v.teaser.width), 160);
          assert.ok(v.photo.left > v.h1.right && v.photo.top < v.h1.bottom, JSON.stringify(v));
        } else {
          // On a phone the teaser above the text, the photo smaller beside the name.
          assert.ok(v.teaser.bottom <= v.title.top, JSON.stringify(v));
          assert.ok(v.photo.left > v.h1.right && v.photo.top < v.h1.bottom && v.photo.width < 120,
            JSON.stringify(v));
        }
        const result = await page.evaluate((tags) => window.axe.run(document, {
          runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'],
        }), kWcagTags);
        assert.deepEqual(result.violations.map((x) => `${x.id}: ${x.help} ` +
          x.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(', ')), []);
      } finally {
        await context.close();
      }
    });
  }
}

test('the scheme switch picks dark and light over the system, as in scholar (data-theme)', async () => {
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  try {
    await page.goto(site.url);
    const state = () => page.evaluate(() => [document.documentElement.dataset.theme || 'system',
      getComputedStyle(document.body).backgroundColor]);
    assert.deepEqual(await state(), ['system', kBackground.light]);
    await page.click('.scheme-switch');
    assert.deepEqual(await state(), ['light', kBackground.light]);
    await page.click('.scheme-switch');
    assert.deepEqual(await state(), ['dark', kBackground.dark]);
    await page.goto(`${site.url}publications/`);  // remembered on the site's other pages
    assert.deepEqual(await state(), ['dark', kBackground.dark]);
  } finally {
    await context.close();
  }
});

test('without JavaScript: the page reads the same, the address readable, no switch', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' });
  const page = await context.newPage();
  try {
    await page.goto(site.url);
    assert.equal(await page.locator('.op-contact li').first().innerText(), 'ada@example.org');
    assert.equal(await page.locator('.scheme-switch').isVisible(), false);
    assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), kBackground.dark);
    assert.equal(await page.locator('.home-pubs .pub-teaser').count(), 1);
  } finally {
    await context.close();
  }
});
