// site.toml's [style] accent as a reader sees it, in headless Chromium: the starter site
// built with a red accent shows its links, the current menu entry's underline, the focus
// ring and the venue chips in that colour, and in the derived lighter shade in dark mode
// (the system's setting without JavaScript, and the header's switch with it); axe finds no
// WCAG 2.1 A/AA violation on its pages in either scheme. With fonts = "system" no font
// file is fetched; with a [style.font] family from static/ the text and the headings are
// drawn in it, fetched from the site.
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
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

after(async () => {
  await browser?.close();
  await site?.close();
  await systemSite?.close();
  await ownFontSite?.close();
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
