// The scholar theme's look as a reader gets it, in headless Chromium: the bundled fonts
// (the site's own woff2 files, no network) render the text and the headings, and the
// colour scheme follows the system without JavaScript, while with it the header's switch
// cycles system -> light -> dark, is remembered across pages and reloads, and goes back
// to following the system.
//
// Run: npm ci --prefix tests/browser && node tests/browser/look.test.mjs
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

const kLightBg = 'rgb(255, 255, 255)';
const kDarkBg = 'rgb(15, 18, 22)';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-look-'));
let browser;
let site;

before(async () => {
  const out = path.join(work, 'site');
  buildSite('examples/qinghao-hu', '/', out);
  site = await serveSite(out, '/');
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});

after(async () => {
  await browser?.close();
  await site?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const background = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('the text and headings use the bundled fonts, fetched from the site itself', async () => {
  const page = await browser.newPage();
  const fonts = [];
  page.on('request', (r) => { if (r.url().endsWith('.woff2')) fonts.push(new URL(r.url()).pathname); });
  await page.goto(site.url, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready);
  const used = await page.evaluate(() => ({
    body: getComputedStyle(document.body).fontFamily,
    h1: getComputedStyle(document.querySelector('h1')).fontFamily,
    sans: document.fonts.check('16px "Source Sans 3"'),
    serif: document.fonts.check('600 16px "Source Serif 4"'),
  }));
  assert.match(used.body, /^"Source Sans 3"/);
  assert.match(used.h1, /^"Source Serif 4"/);
  assert.ok(used.sans && used.serif, 'both fonts are loaded');
  // Latin text needs only the Latin files; the Latin Extended ones load for names like Zürich
  // only where such a letter appears (this page has "ü", which is in Latin-1, so no -ext).
  assert.ok(fonts.includes('/assets/fonts/source-sans-3-latin.woff2'), fonts.join(' '));
  assert.ok(fonts.includes('/assets/fonts/source-serif-4-latin.woff2'), fonts.join(' '));
  assert.ok(fonts.every((f) => f.startsWith('/assets/fonts/')), fonts.join(' '));
  await page.close();
});

test('without JavaScript the page follows the system scheme and shows no switch', async () => {
  for (const [scheme, bg] of [['light', kLightBg], ['dark', kDarkBg]]) {
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: scheme });
    const page = await context.newPage();
    await page.goto(site.url);
    assert.equal(await background(page), bg, scheme);
    assert.equal(await page.locator('.scheme-switch').isVisible(), false);
    await context.close();
  }
});

test('the switch cycles system, light, dark, remembers the choice, and returns to the system', async () => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto(site.url);
  const button = page.locator('.scheme-switch');
  assert.equal(await button.isVisible(), true);
  assert.equal(await background(page), kDarkBg);
  assert.equal(await button.getAttribute('aria-label'), 'Colour scheme: system (select for light)');
  const box = await button.boundingBox();
  assert.ok(box.width >= 44 && box.height >= 44, `switch is ${box.width}x${box.height}`);

  await button.click();
  assert.equal(await background(page), kLightBg);
  assert.equal(await button.getAttribute('aria-label'), 'Colour scheme: light (select for dark)');

  // Another page of the site, and a reload, keep the choice from the first paint on.
  await page.goto(site.url + 'publications/');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  assert.equal(await background(page), kLightBg);
  await page.locator('.scheme-switch').click();
  assert.equal(await background(page), kDarkBg);
  await page.reload();
  assert.equal(await background(page), kDarkBg);
  assert.equal(await page.locator('.scheme-switch').getAttribute('aria-label'),
               'Colour scheme: dark (select for system)');

  // Back to the system: the page follows the emulated setting again, and changes with it.
  await page.locator('.scheme-switch').click();
  assert.equal(await page.evaluate(() => localStorage.getItem('sitegen-scheme')), null);
  await page.emulateMedia({ colorScheme: 'light' });
  assert.equal(await background(page), kLightBg);
  await page.emulateMedia({ colorScheme: 'dark' });
  assert.equal(await background(page), kDarkBg);
  await context.close();
});

test('the switch is a keyboard control', async () => {
  const context = await browser.newContext({ colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto(site.url);
  await page.locator('.scheme-switch').focus();
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  await page.keyboard.press('Space');
  assert.equal(await background(page), kDarkBg);
  await context.close();
});
