// Projects as a visitor gets them, in headless Chromium: /projects/ as cards (image,
// title, status, summary, tags) in the page's language, a project's page with its links,
// its people as member cards and its publications as the list shows them, and the home
// page's featured projects; no WCAG 2.1 A/AA violation (axe) at 1366 and 390 px in the
// light and the dark scheme, and no error from the W3C Nu checker.
//
// Run: npm ci --prefix tests/browser && node tests/browser/projects.test.mjs
// (SITEGEN_BINARY names the binary; default build/sitegen). Under ctest, a missing
// prerequisite exits with SITEGEN_SKIP_CODE so the test shows as skipped.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  buildSite, chromiumArgs, chromiumPath, here, missingPrerequisite, serveSite, skipWhenMissing,
  writeTree } from './sites.mjs';

const vnuJar = path.join(here, 'node_modules/vnu-jar/build/dist/vnu.jar');
const axeScript = path.join(here, 'node_modules/axe-core/axe.min.js');
let missing = missingPrerequisite(['playwright-core', 'vnu-jar']);
if (!missing && !fs.existsSync(axeScript)) missing = `no ${axeScript} (run: npm ci --prefix tests/browser)`;
if (!missing && spawnSync('java', ['-version']).status !== 0)
  missing = 'no java for the W3C checker (apt-get install default-jre-headless)';
skipWhenMissing(missing);
const { chromium } = await import('playwright-core');
const axeSource = fs.readFileSync(axeScript, 'utf8');

// A PNG of w x h pixels in one colour, for the project's image.
function png(w, h) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, Buffer.from([40, 90, 130]))]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

// A French group site of two projects, one featured, with members and papers.
const kFiles = {
  'site.toml': 'title = "Labo Optique"\nlanguage = "fr"\n[group]\nname = "Labo Optique"\n',
  'people/ada.toml': 'name = "Ada Example"\nrole = "pi"\nemail = "ada@example.org"\n',
  'people/ben.toml': 'name = "Ben Mock"\nrole = "phd"\n',
  'publications.toml': '[[publication]]\nid = "lentille"\ntitle = "Une lentille pour les étoiles"\n'
    + 'authors = ["Ada Example", "Ben Mock"]\nvenue = "OSA \'24"\nyear = 2024\ntags = ["optique"]\n\n'
    + '[[publication]]\nid = "miroir"\ntitle = "Miroirs adaptatifs"\nauthors = ["Ben Mock"]\n'
    + 'venue = "JOSA"\nyear = 2023\ntype = "journal"\n',
  'projects/telescope.md': '+++\ntitle = "Télescope"\nsummary = "Un télescope qui voit loin."\n'
    + 'image = "telescope.png"\nstatus = "active"\nstart = "2023-09"\nfeatured = true\n'
    + 'tags = ["optique", "instruments"]\npublications = ["miroir"]\npublication_tags = ["optique"]\n'
    + 'people = ["ada", "ben"]\n[links]\ncode = "https://example.org/telescope"\n+++\n\n'
    + 'Nous *construisons* un télescope.\n',
  'projects/archive.md': '+++\ntitle = "Archive"\nsummary = "Les anciennes plaques."\n'
    + 'status = "completed"\nstart = "2015"\nend = "2019"\n+++\n',
};

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-projects-'));
const content = path.join(work, 'content');
const out = path.join(work, 'site');
let browser;
let site;

before(async () => {
  writeTree(content, kFiles);
  fs.mkdirSync(path.join(content, 'static'), { recursive: true });
  fs.writeFileSync(path.join(content, 'static/telescope.png'), png(1600, 900));
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

test('/projects/ shows a card per project, in French, and the menu leads there', async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  try {
    await page.goto(site.url, { waitUntil: 'load' });
    await page.click('header nav >> text=Projets');
    assert.equal(new URL(page.url()).pathname, '/repo/projects/');
    assert.equal(await text(page, 'h1'), 'Projets');
    assert.deepEqual((await page.locator('.project-card').allInnerTexts()).map((t) => t.replace(/\n+/g, '\n')), [
      'Télescope\nEn cours · depuis septembre 2023\nUn télescope qui voit loin.\noptique\ninstruments',
      'Archive\nTerminé · 2015 – 2019\nLes anciennes plaques.',
    ]);
    // The image is a resized WebP that loads, drawn 16:9 across the card.
    const img = page.locator('.project-card img');
    assert.equal(await img.count(), 1);
    await img.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('.project-card img').complete);
    const drawn = await img.evaluate((el) => ({
      src: el.currentSrc.replace(/.*\//, '').replace(/-[0-9a-f]+(-\d+w)?/, ''),
      natural: el.naturalWidth > 0,
      ratio: Math.round((el.getBoundingClientRect().width / el.getBoundingClientRect().height) * 100) / 100,
    }));
    assert.ok(drawn.natural, 'the image shows');
    assert.match(drawn.src, /\.webp$/);
    assert.equal(drawn.ratio, 1.78);
  } finally {
    await page.close();
  }
});

test("a project's page: status, links, text, people and publications", async () => {
  const page = await browser.newPage();
  try {
    await page.goto(`${site.url}projects/telescope/`, { waitUntil: 'load' });
    assert.equal(await text(page, '.project-header .project-meta'), 'En cours · depuis septembre 2023');
    assert.equal(await text(page, '.project-header .links'), 'Code');
    assert.equal(await page.getAttribute('.project-header .links a', 'href'), 'https://example.org/telescope');
    assert.equal(await text(page, '.project-body'), 'Nous construisons un télescope.');
    assert.equal(await text(page, '#people-h'), 'Participants');
    assert.deepEqual(await page.locator('.project-people .member-name').allInnerTexts(), ['Ada Example', 'Ben Mock']);
    assert.equal(await page.getAttribute('.project-people .member-name a', 'href'), '/repo/people/ada/');
    assert.equal(await text(page, '#pubs-h'), 'Publications 2');
    assert.deepEqual(await page.locator('.project-pubs .pub-title').allInnerTexts(),
      ['Une lentille pour les étoiles', 'Miroirs adaptatifs']);
    assert.equal(await page.title(), 'Télescope · Labo Optique');
    await page.click('text=← Tous les projets');
    assert.equal(new URL(page.url()).pathname, '/repo/projects/');
  } finally {
    await page.close();
  }
});

test('the home page shows the featured project', async () => {
  const page = await browser.newPage();
  try {
    await page.goto(site.url, { waitUntil: 'load' });
    assert.equal(await text(page, '#projects-h'), 'Projets phares');
    assert.deepEqual(await page.locator('.home-projects .project-title').allInnerTexts(), ['Télescope']);
    assert.equal(await text(page, '.home-projects .see-all'), 'Tous les projets →');
  } finally {
    await page.close();
  }
});

const kPages = ['', 'projects/', 'projects/telescope/', 'projects/archive/'];

test('axe: no WCAG 2.1 A/AA violation on the projects pages, in both schemes, at two widths', async () => {
  const found = [];
  for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
    for (const colorScheme of ['light', 'dark']) {
      const context = await browser.newContext({ viewport, colorScheme });
      await context.addInitScript(axeSource);
      const page = await context.newPage();
      for (const p of kPages) {
        await page.goto(site.url + p, { waitUntil: 'load' });
        const result = await page.evaluate(() => window.axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
          resultTypes: ['violations'],
        }));
        for (const v of result.violations)
          found.push(`${viewport.width} ${colorScheme} /${p}: ${v.id}: ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        // Nothing overflows the phone's width.
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        if (wide > viewport.width) found.push(`${viewport.width} /${p}: the page is ${wide} px wide`);
      }
      await context.close();
    }
  }
  assert.deepEqual(found, []);
});

test('the W3C Nu checker finds no error in the projects pages', () => {
  const pages = kPages.map((p) => path.join(out, p, 'index.html'));
  const r = spawnSync('java', ['-Xss4m', '-jar', vnuJar, '--errors-only', ...pages], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
});
