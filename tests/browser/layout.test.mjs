// The scholar theme's one visual language, checked by measured boxes in headless Chromium
// at 1366 and 390 px: the home page's bio as wide as the sections below it; a paper's
// abstract as wide as its Cite box, and room between its link buttons and the marker
// legend; venue and type badges in one style, each on one line, in every built-in language;
// type `other` named the same in its badge, heading and filter; on a phone, room between
// the site's name and the language switcher; talks folding their abstract with the same
// toggle as publications; the lab example's teaser images and citation counts.
//
// Run: npm ci --prefix tests/browser && node tests/browser/layout.test.mjs
// (SITEGEN_BINARY names the binary; default build/sitegen). Under ctest, a missing
// prerequisite exits with SITEGEN_SKIP_CODE so the test shows as skipped.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildSite, chromiumArgs, chromiumPath, missingPrerequisite, serveSite, skipWhenMissing,
} from './sites.mjs';

const missing = missingPrerequisite();
skipWhenMissing(missing);
const { chromium } = await import('playwright-core');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-layout-'));
const kWidths = [1366, 390];
const kLanguages = ['en', 'de', 'fr', 'es', 'pt', 'ja', 'ko', 'zh', 'zh-Hant'];
const kTypes = ['conference', 'journal', 'workshop', 'poster', 'preprint', 'thesis', 'patent',
  'talk', 'book', 'chapter', 'other'];
let browser;
const sites = {};

// A site in every built-in language with a paper of each type and no venue (so each
// shows its type in the badge), a short venue, a venue too long for a badge, a badge
// written too long, and an accepted paper (the status badge).
function writeBadgeSite(dir) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'site.toml'),
    `title = "Ada Example"\nlanguages = ${JSON.stringify(kLanguages)}\n` +
    '[person]\nname = "Ada Example"\n[publications]\ngroup_by = "year"\n');
  let toml = '';
  const pub = (id, fields) => {
    toml += `[[publication]]\nid = "${id}"\ntitle = "Paper ${id}"\nauthors = ["Ada Example"]\n` +
      `year = 2024\n${fields}\n`;
  };
  for (const type of kTypes) pub(type, `type = "${type}"`);
  pub('short', 'venue = "PLDI \'25"\nvenue_full = "Programming Language Design and Implementation"');
  pub('long-venue', 'venue = "Chinese Science Information Science 2024"\n' +
    'venue_full = "Science China Information Sciences"\ntype = "journal"');
  pub('long-abbr', 'abbr = "NeurIPS Workshop on Efficient Systems"\nvenue = "NeurIPS Workshop"');
  pub('accepted', 'venue = "OSDI \'26"\nstatus = "accepted"');
  fs.writeFileSync(path.join(dir, 'publications.toml'), toml);
}

before(async () => {
  const build = (name, content) => {
    const out = path.join(work, name);
    buildSite(content, 'https://example.github.io/', out);
    return out;
  };
  writeBadgeSite(path.join(work, 'badges-src'));
  const outs = {
    starter: build('starter', 'content'),
    hanZhao: build('han-zhao', 'examples/han-zhao'),
    lab: build('lab', 'examples/lab'),
    badges: build('badges', path.join(work, 'badges-src')),
  };
  for (const [name, out] of Object.entries(outs)) sites[name] = await serveSite(out, '/');
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

after(async () => {
  await browser?.close();
  for (const s of Object.values(sites)) s.close();
  fs.rmSync(work, { recursive: true, force: true });
});

async function open(url, width, options = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...options });
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(() => document.fonts.ready);
  return { page, close: () => context.close() };
}

// The border box of the first element `selector` matches, rounded to a tenth of a pixel.
const box = (page, selector) => page.locator(selector).first().evaluate((e) => {
  const r = e.getBoundingClientRect();
  const round = (v) => Math.round(v * 10) / 10;
  return { left: round(r.left), right: round(r.right), top: round(r.top), bottom: round(r.bottom) };
});

// The left and right edges, in whole pixels, of the home page's main column and of a
// paper page's column (the Cite box's): before, the bio ended at 1066 and the abstract at 890.
const kColumns = { 1366: { home: [475, 1195], paper: [299, 1067] }, 390: { home: [16, 374], paper: [16, 374] } };
const edges = (b) => [Math.round(b.left), Math.round(b.right)];

test('the bio is as wide as the sections below it', async () => {
  for (const width of kWidths) {
    const { page, close } = await open(sites.starter.url, width);
    const bio = await box(page, '.home-main .bio');
    assert.deepEqual(edges(bio), kColumns[width].home, `the bio at ${width} px`);
    for (const section of ['.interests', '.home-news', '.home-pubs']) {
      const b = await box(page, section);
      assert.deepEqual([bio.left, bio.right], [b.left, b.right], `${section} at ${width} px`);
    }
    await close();
  }
});

test('a paper\'s abstract is as wide as its Cite box, and its legend stands below the buttons', async () => {
  for (const width of kWidths) {
    const { page, close } = await open(sites.starter.url + 'publications/fastpath/', width);
    const abstract = await box(page, '.abstract .prose');
    const cite = await box(page, '.cite .bibtex');
    assert.deepEqual([abstract.left, abstract.right], [cite.left, cite.right], `at ${width} px`);
    assert.deepEqual(edges(abstract), kColumns[width].paper, `the abstract at ${width} px`);
    const links = await box(page, '.paper-header .links');
    const legend = await box(page, '.paper-header .legend');
    assert.equal(legend.top - links.bottom, 12, `the space between buttons and legend at ${width} px`);
    await close();
  }
});

// Per language: the badge texts in list order, with what each measures.
async function badges(page) {
  return page.locator('.pub-abbr').evaluateAll((els) => els.map((e) => {
    const s = getComputedStyle(e);
    const r = e.getBoundingClientRect();
    const column = e.closest('.pub').getBoundingClientRect();
    return {
      text: e.textContent,
      style: JSON.stringify([s.backgroundColor, s.color, s.borderRadius, s.fontSize, s.fontWeight, s.padding]),
      radius: s.borderRadius,
      oneLine: Math.abs(r.height - (parseFloat(s.lineHeight) + parseFloat(s.paddingTop) +
                                    parseFloat(s.paddingBottom))) < 0.5,
      whole: e.scrollWidth <= e.clientWidth,
      inside: r.left >= column.left && r.right <= column.right,
    };
  }));
}

test('venue and type badges are one style, one line each, in every language', async () => {
  for (const width of kWidths) {
    for (const lang of kLanguages) {
      const prefix = lang === 'en' ? '' : `${lang}/`;
      const { page, close } = await open(`${sites.badges.url}${prefix}publications/`, width);
      const found = await badges(page);
      assert.equal(found.length, kTypes.length + 4, `${lang} at ${width} px`);
      const status = await page.locator('.badge-status').first().evaluate((e) => getComputedStyle(e).borderRadius);
      assert.deepEqual(new Set(found.map((b) => b.style)).size, 1, `one badge style in ${lang}`);
      assert.equal(found[0].radius, status, 'badges are pills as the status badge is');
      for (const b of found) {
        assert.ok(b.oneLine, `"${b.text}" is one line in ${lang} at ${width} px`);
        assert.ok(b.inside, `"${b.text}" stays in its entry in ${lang} at ${width} px`);
        // Only a label written too long is cut, with an ellipsis.
        if (b.text !== 'NeurIPS Workshop on Efficient Systems')
          assert.ok(b.whole, `"${b.text}" is shown whole in ${lang} at ${width} px`);
      }
      if (lang === 'en') {
        const texts = found.map((b) => b.text);
        // A venue too long for a badge gives the entry's type instead.
        assert.ok(texts.includes('PLDI \'25') && texts.includes('OSDI \'26'), texts.join(', '));
        assert.ok(!texts.includes('Chinese Science Information Science 2024'), texts.join(', '));
        assert.equal(texts.filter((t) => t === 'Journal article').length, 2, texts.join(', '));
      }
      await close();
    }
  }
});

test('type other is named the same in its badge, its heading and its filter', async () => {
  const { page, close } = await open(sites.badges.url + 'publications/', 1366);
  assert.equal(await page.locator('.pub:has(a[href$="/other/"]) .pub-abbr').textContent(), 'Other');
  assert.equal(await page.locator('.filters a[data-key="other"]').evaluate(
    (a) => a.firstChild.textContent.trim()), 'Other');
  await close();
  const starter = await open(sites.starter.url + 'publications/', 1366);
  assert.equal(await starter.page.locator('#other h2 .group-title').textContent(), 'Other');
  await starter.close();
  const paper = await open(sites.starter.url + 'publications/format-report/', 1366);
  assert.equal(await paper.page.locator('.eyebrow').textContent(), 'Publications · Other');
  await paper.close();
});

test('on a phone the site\'s name and the language switcher have room between them', async () => {
  for (const javaScriptEnabled of [true, false]) {
    for (const width of kWidths) {
      const { page, close } = await open(sites.hanZhao.url, width, { javaScriptEnabled });
      const title = await box(page, '.site-title');
      const langs = await box(page, '.lang-switch');
      const sameLine = langs.top < title.bottom && title.top < langs.bottom;
      const room = sameLine ? langs.left - title.right : langs.top - title.bottom;
      assert.ok(room >= 16, `${room} px at ${width} px, script ${javaScriptEnabled ? 'on' : 'off'}`);
      await close();
    }
  }
});

test('talks fold their abstract with the same toggle as publications', async () => {
  for (const width of kWidths) {
    const look = async (url) => {
      const { page, close } = await open(url, width);
      const summary = page.locator('.pub-toggle > summary', { hasText: 'Abstract' }).first();
      const style = await summary.evaluate((e) => {
        const s = getComputedStyle(e);
        return [s.fontSize, s.fontWeight, s.padding, s.borderTop, s.borderRadius, s.color,
          s.backgroundColor, getComputedStyle(e, '::after').content].join(' | ');
      });
      assert.equal(await page.locator('.pub-abstract').first().isVisible(), false);
      await summary.click();
      const text = await box(page, '.pub-abstract');
      const button = await box(page, '.pub-toggle > summary');
      assert.ok(text.top >= button.bottom, `the abstract opens below its button at ${width} px`);
      await close();
      return style;
    };
    assert.equal(await look(sites.starter.url + 'talks/'), await look(sites.starter.url + 'publications/'));
  }
});

test('the lab example shows teaser images and citation counts', async () => {
  for (const width of kWidths) {
    const { page, close } = await open(sites.lab.url + 'publications/', width);
    const teasers = page.locator('img.pub-teaser');
    assert.equal(await teasers.count(), 8);
    for (const img of await teasers.all()) {
      await img.scrollIntoViewIfNeeded();
      await img.evaluate((e) => e.decode());
      const shown = await img.evaluate((e) => ({ natural: e.naturalWidth, w: e.getBoundingClientRect().width,
        h: e.getBoundingClientRect().height }));
      assert.ok(shown.natural > 0, 'the image loads');
      assert.equal(Math.round(shown.w / shown.h * 10) / 10, 1.6, 'shown at 8:5');
    }
    const first = page.locator('.pub', { has: page.locator('a[href$="/lab202545/"]') });
    assert.equal(await first.locator('.pub-citations').textContent(), 'Cited by 5');
    const oldest = page.locator('.pub', { has: page.locator('a[href$="/lab201400/"]') });
    assert.equal(await oldest.locator('.pub-citations').textContent(), 'Cited by 327');
    await close();
  }
});
