// site.toml's [style] accent as a reader sees it, in headless Chromium: the starter site
// built with a red accent shows its links, the current menu entry's underline, the focus
// ring and the venue chips in that colour, and in the derived lighter shade in dark mode
// (the system's setting without JavaScript, and the header's switch with it); axe finds no
// WCAG 2.1 A/AA violation on its pages in either scheme. With fonts = "system" no font
// file is fetched; with a [style.font] family from static/ the text and the headings are
// drawn in it, fetched from the site. With home_layout = "above" and `home` the profile
// stands above the text at 1366 and 390 px and the sections come in the order asked
// for; the head and footer snippets reach the page as written.
//
// Run: npm ci --prefix tests/browser && node tests/browser/style.test.mjs
// (SITEGEN_BINARY names the binary; default build/sitegen). Under ctest, a missing
// prerequisite exits with SITEGEN_SKIP_CODE so the test shows as skipped.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildSite, chromiumArgs, chromiumPath, here, missingPrerequisite, root, serveSite, skipWhenMissing,
} from './sites.mjs';

const axeScript = path.join(here, 'node_modules/axe-core/axe.min.js');
const missing = missingPrerequisite() ||
  (fs.existsSync(axeScript) ? null : `no ${axeScript} (run: npm ci --prefix tests/browser)`);
skipWhenMissing(missing);
const { chromium } = await import('playwright-core');
const axeSource = fs.readFileSync(axeScript, 'utf8');
const kWcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

// #b3261e, and what the build derives from it (src/site_build/accent_test.cc).
const kLight = { accent: 'rgb(179, 38, 30)', strong: 'rgb(143, 30, 24)', soft: 'rgb(247, 233, 233)' };
const kDark = { accent: 'rgb(218, 149, 145)', strong: 'rgb(227, 176, 173)', soft: 'rgb(39, 34, 37)' };

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-style-'));
let browser;
let site;
let systemSite;
let ownFontSite;
let homeSite;

before(async () => {
  const content = path.join(work, 'content');
  fs.cpSync(path.join(root, 'content'), content, { recursive: true });
  fs.appendFileSync(path.join(content, 'site.toml'), '\n[style]\naccent = "#b3261e"\n');
  const out = path.join(work, 'site');
  buildSite(content, '/', out);
  site = await serveSite(out, '/');
  // The same starter with the system's fonts, and with a family of its own (the bundled
  // serif's file, under another name, so the test needs no font from elsewhere).
  const variant = async (name, extra, files = {}) => {
    const dir = path.join(work, name);
    fs.cpSync(path.join(root, 'content'), dir, { recursive: true });
    fs.appendFileSync(path.join(dir, 'site.toml'), extra);
    for (const [to, from] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, to)), { recursive: true });
      fs.copyFileSync(from, path.join(dir, to));
    }
    buildSite(dir, '/', path.join(work, `${name}-out`));
    return serveSite(path.join(work, `${name}-out`), '/');
  };
  systemSite = await variant('system', '\n[style]\nfonts = "system"\n');
  ownFontSite = await variant('own', '\n[style.font]\nfamily = "House Serif"\nfiles = ["fonts/house.woff2"]\n',
    { 'static/fonts/house.woff2': path.join(root, 'themes/scholar/assets/fonts/source-serif-4-latin.woff2') });
  fs.mkdirSync(path.join(work, 'snippets'), { recursive: true });
  fs.writeFileSync(path.join(work, 'snippets/head.html'), '<style>.footer-extra .host { font-style: italic; }</style>\n');
  fs.writeFileSync(path.join(work, 'snippets/footer.html'), '<p class="host">Served by a <a href="https://example.org/">solar-powered</a> machine.</p>\n');
  homeSite = await variant('home', '\n[style]\nhome_layout = "above"\nhome = ["publications", "news", "bio", "interests"]\n' +
    'head = "snippets/head.html"\nfooter = "snippets/footer.html"\n',
  { 'snippets/head.html': path.join(work, 'snippets/head.html'), 'snippets/footer.html': path.join(work, 'snippets/footer.html') });
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

after(async () => {
  await browser?.close();
  await site?.close();
  await systemSite?.close();
  await ownFontSite?.close();
  await homeSite?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

// The colours a reader sees: a link in the bio, the current menu entry's underline, a
// focused link's ring and a venue chip on /publications/.
async function colours(page) {
  await page.goto(site.url);
  const home = await page.evaluate(() => {
    const link = document.querySelector('.bio a');
    link.focus();
    return { link: getComputedStyle(link).color, ring: getComputedStyle(link).outlineColor };
  });
  await page.goto(`${site.url}publications/`);
  const pubs = await page.evaluate(() => {
    const chip = getComputedStyle(document.querySelector('.pub-abbr'));
    const current = getComputedStyle(document.querySelector('.site-nav a[aria-current="page"]'));
    return { chipText: chip.color, chipBg: chip.backgroundColor, current: current.borderBottomColor };
  });
  return { ...home, ...pubs };
}

const expected = (c) => ({ link: c.accent, ring: c.accent, chipText: c.strong, chipBg: c.soft, current: c.accent });

test('the accent colours links, focus rings, the menu and chips in the system scheme, without JavaScript', async () => {
  for (const [scheme, c] of [['light', kLight], ['dark', kDark]]) {
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: scheme });
    const page = await context.newPage();
    assert.deepEqual(await colours(page), expected(c), scheme);
    await context.close();
  }
});

test('the header switch picks the accent of the scheme it picks', async () => {
  for (const [scheme, picked, c] of [['light', 'dark', kDark], ['dark', 'light', kLight]]) {
    const context = await browser.newContext({ colorScheme: scheme });
    await context.addInitScript((v) => localStorage.setItem('sitegen-scheme', v), picked);
    const page = await context.newPage();
    assert.deepEqual(await colours(page), expected(c), `${picked} picked on a ${scheme} system`);
    await context.close();
  }
});

test('axe: no WCAG 2.1 A/AA violation with the custom accent, light and dark', async () => {
  const found = [];
  for (const colorScheme of ['light', 'dark']) {
    const context = await browser.newContext({ colorScheme });
    await context.addInitScript(axeSource);
    const page = await context.newPage();
    for (const rel of ['', 'publications/', 'publications/fastpath/', 'news/', 'talks/', 'cv/']) {
      await page.goto(site.url + rel);
      const result = await page.evaluate((tags) => window.axe.run(document, {
        runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'],
      }), kWcagTags);
      for (const v of result.violations)
        found.push(`${colorScheme} /${rel}: ${v.id}: ${v.help} ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(', ')}`);
    }
    await context.close();
  }
  assert.deepEqual(found, []);
});

// The font files a page fetches, the families its body and h1 are drawn in, and the
// families of the font faces the page loaded.
async function fonts(url) {
  const page = await browser.newPage();
  const fetched = [];
  page.on('request', (r) => { if (/\.(woff2?|ttf|otf)$/.test(r.url())) fetched.push(new URL(r.url()).pathname); });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready);
  const used = await page.evaluate(() => ({
    body: getComputedStyle(document.body).fontFamily.split(',')[0],
    h1: getComputedStyle(document.querySelector('h1')).fontFamily.split(',')[0],
    loaded: [...new Set([...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family))],
  }));
  await page.close();
  return { fetched: fetched.sort(), ...used };
}

test('fonts = "system" fetches no font file and names the system font first', async () => {
  assert.deepEqual(await fonts(`${systemSite.url}publications/`),
    { fetched: [], body: 'system-ui', h1: '"Iowan Old Style"', loaded: [] });
});

test('a [style.font] family draws the text and the headings, from the site itself', async () => {
  assert.deepEqual(await fonts(`${ownFontSite.url}publications/`),
    { fetched: ['/fonts/house.woff2'], body: '"House Serif"', h1: '"House Serif"', loaded: ['House Serif'] });
});

// Where the home page's parts are drawn: the profile's and the text column's boxes, the
// photo and the name, and the sections' headings (the bio as "bio") from top to bottom.
async function homeLayout(width) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(homeSite.url);
  const got = await page.evaluate(() => {
    const box = (sel) => document.querySelector(sel).getBoundingClientRect();
    const parts = [...document.querySelectorAll('.home-main > .bio, .home-main > section')]
      .map((el) => ({ top: el.getBoundingClientRect().top, name: el.matches('.bio') ? 'bio' : el.querySelector('h2').innerText }))
      .sort((a, b) => a.top - b.top).map((p) => p.name);
    return {
      profile: box('.profile'), main: box('.home-main'), photo: box('.photo'), name: box('h1.name'),
      parts, overflow: document.documentElement.scrollWidth > window.innerWidth,
      // The bio after a section is set off from it as the sections are from each other.
      bioGap: box('.home-main > .bio').top - document.querySelector('.home-main > .bio').previousElementSibling.getBoundingClientRect().bottom,
    };
  });
  await context.close();
  return got;
}

test('home_layout = "above" and `home`: the profile above, the sections in the order asked for', async () => {
  const order = ['Selected Publications', 'News', 'bio', 'Research Interests'];
  for (const width of [1366, 390]) {
    const l = await homeLayout(width);
    assert.deepEqual(l.parts.map((p) => p.toLowerCase()), order.map((p) => p.toLowerCase()), `${width}px`);
    assert.ok(l.profile.bottom <= l.main.top, `${width}px: the profile ends above the text`);
    assert.ok(l.photo.right < l.name.left, `${width}px: the name beside the photo`);
    assert.ok(Math.abs(l.photo.top + l.photo.height / 2 - (l.name.top + l.name.height / 2)) < l.photo.height / 2,
      `${width}px: the name level with the photo`);
    assert.equal(l.overflow, false, `${width}px: nothing wider than the screen`);
    assert.ok(l.bioGap >= 32, `${width}px: ${l.bioGap}px between the news and the bio`);
  }
  // Beside, as before, on a wide screen without the setting.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(site.url);
  const beside = await page.evaluate(() => document.querySelector('.profile').getBoundingClientRect().right <=
    document.querySelector('.home-main').getBoundingClientRect().left);
  await context.close();
  assert.equal(beside, true);
});

test('the head and footer snippets reach every page as written', async () => {
  const page = await browser.newPage();
  for (const rel of ['', 'publications/', 'cv/']) {
    await page.goto(homeSite.url + rel);
    const footer = await page.evaluate(() => {
      const host = document.querySelector('.site-footer .footer-extra .host');
      return { text: host.innerText, style: getComputedStyle(host).fontStyle, link: host.querySelector('a').href };
    });
    assert.deepEqual(footer, { text: 'Served by a solar-powered machine.', style: 'italic', link: 'https://example.org/' }, `/${rel}`);
  }
  await page.close();
});

test('axe: no WCAG 2.1 A/AA violation on the home page laid out above, light and dark', async () => {
  const found = [];
  for (const colorScheme of ['light', 'dark']) {
    for (const width of [1366, 390]) {
      const context = await browser.newContext({ colorScheme, viewport: { width, height: 900 } });
      await context.addInitScript(axeSource);
      const page = await context.newPage();
      await page.goto(homeSite.url);
      const result = await page.evaluate((tags) => window.axe.run(document, {
        runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'],
      }), kWcagTags);
      for (const v of result.violations) found.push(`${colorScheme} ${width}: ${v.id}: ${v.help}`);
      await context.close();
    }
  }
  assert.deepEqual(found, []);
});
