// The publication list's search and filters in headless Chromium, on the qinghao-hu
// example built for a project page (/repo/): text, type and year filter together and the
// address keeps them, so the same address opened fresh shows the same list; without
// JavaScript the filter links open the pre-built filter pages. On a phone (390 px) the
// filters are one control above the first paper, and buttons, chips and menu links are
// at least 44 px tall. Screenshots go to $SITEGEN_LIST_SHOTS when it is set.
//
// Run: npm ci --prefix tests/browser && node tests/browser/pub_filter.test.mjs
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

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-pub-filter-'));
const shots = process.env.SITEGEN_LIST_SHOTS || '';
let browser, site, starter;

before(async () => {
  buildSite('examples/qinghao-hu', 'https://example.github.io/repo/', path.join(work, 'qh'));
  buildSite('content', 'https://example.github.io/', path.join(work, 'content'));
  site = await serveSite(path.join(work, 'qh'), '/repo/');
  starter = await serveSite(path.join(work, 'content'), '/');
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});
after(async () => {
  await browser?.close();
  // The servers may hold keep-alive connections of the closed browser: do not wait.
  site?.close();
  starter?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return { page, errors, close: () => context.close() };
}

// history.replaceState changes the address without a navigation event: ask the page.
const address = (page) => page.evaluate(() => new URL(location.href));
const visibleTitles = (page) => page.locator('.pub:visible .pub-title').allTextContents();

const kFiltered = [
  'LServe: Efficient Long-sequence LLM Serving with Unified Sparse Attention',
  'DeltaServe: Multi-Tenant Language Model Serving via Delta Compression',
];

test('text, type and year filter together, and the address keeps them', async () => {
  const { page, errors, close } = await newPage();
  await page.goto(site.url + 'publications/');
  assert.equal((await visibleTitles(page)).length, 28);
  assert.equal(await page.locator('.filter-status').textContent(), '');

  await page.getByLabel('Search titles, authors and venues').fill('serving');
  await page.locator('.filters a[data-param="type"][data-key="conference"]').click();
  await page.locator('.filters a[data-param="year"][data-key="2025"]').click();
  assert.deepEqual(await visibleTitles(page), kFiltered);
  assert.equal(await page.locator('.filter-status').textContent(), '2 of 28 publications shown');
  // Only the group with entries left shows, with its count.
  assert.deepEqual(await page.locator('.pub-group:visible h2').allTextContents(), ['Conference Papers 2']);
  const url = await address(page);
  assert.equal(url.pathname, '/repo/publications/');
  assert.equal(url.search, '?q=serving&type=conference&year=2025');
  assert.equal(await page.locator('.filters a[aria-current="true"]').count(), 2);
  if (shots) await page.screenshot({ path: path.join(shots, 'publications-filtered-1280.png') });

  // The same address in a fresh tab shows the same list.
  const fresh = await newPage();
  await fresh.page.goto(url.href);
  assert.deepEqual(await visibleTitles(fresh.page), kFiltered);
  assert.equal(await fresh.page.locator('#pub-q').inputValue(), 'serving');
  assert.deepEqual(
    await fresh.page.locator('.filters a[aria-current="true"]').evaluateAll(
      (as) => as.map((a) => `${a.dataset.param}=${a.dataset.key}`)),
    ['type=conference', 'year=2025']);
  assert.deepEqual(fresh.errors, []);
  await fresh.close();

  // A chip clicked again is off; accents and case do not matter in the text.
  await page.locator('.filters a[data-param="type"][data-key="conference"]').click();
  assert.equal((await address(page)).search, '?q=serving&year=2025');
  await page.locator('.filters a[data-param="year"][data-key="2025"]').click();
  await page.getByLabel('Search titles, authors and venues').fill('KLIMOVIĆ');
  assert.equal((await address(page)).searchParams.get('q'), 'KLIMOVIĆ');
  const authors = await page.locator('.pub:visible .pub-authors').allTextContents();
  assert.ok(authors.length >= 2 && authors.every((a) => a.includes('Ana Klimovic')), authors.join('\n'));
  await page.getByRole('button', { name: 'Clear filters' }).click();
  assert.equal((await visibleTitles(page)).length, 28);
  assert.equal((await address(page)).search, '');
  assert.deepEqual(errors, []);
  await close();
});

test('without JavaScript the filter links open the filter pages', async () => {
  const { page, close } = await newPage({ javaScriptEnabled: false });
  await page.goto(site.url + 'publications/');
  assert.equal(await page.locator('#pub-q').isVisible(), false);
  await page.locator('.filters a[data-param="year"][data-key="2025"]').click();
  await page.waitForURL(/\/repo\/publications\/year\/2025\/$/);
  assert.equal((await visibleTitles(page)).length, 6);
  await close();
});

test('on a phone the filters are one control, and tap targets are 44 px tall', async () => {
  const { page, close } = await newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(site.url + 'publications/');
  // Between the page's header and the first paper: the legend and one "Filter" button.
  const first = (await page.locator('.pub').first().boundingBox()).y;
  const controls = await page.locator('main a:visible, main summary:visible, main input:visible')
    .evaluateAll((els, y) => els.filter((e) => e.getBoundingClientRect().y < y &&
      !e.closest('.page-header')).map((e) => e.textContent.trim()), first);
  assert.deepEqual(controls, ['Filter']);
  if (shots) await page.screenshot({ path: path.join(shots, 'publications-390.png') });

  await page.getByText('Filter', { exact: true }).click();
  assert.equal(await page.locator('#pub-q').isVisible(), true);
  await page.locator('.pub-toggle summary').first().click();
  const small = await page.locator(
    '.btn:visible, .filters a:visible, .site-nav a:visible, .filter-fold > summary:visible, #pub-q')
    .evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().height < 44)
      .map((e) => `${e.className || e.tagName}: ${e.textContent.trim()} ${e.getBoundingClientRect().height}`));
  assert.deepEqual(small, []);
  await close();

  // A topic chip is a link over its whole pill (the starter site's paper page has topics).
  const phone = await newPage({ viewport: { width: 390, height: 844 } });
  await phone.page.goto(starter.url + 'publications/fastpath/');
  const chip = phone.page.locator('.chips li').first();
  const [li, a] = [await chip.boundingBox(), await chip.locator('a').boundingBox()];
  // The pill's 1 px border is all of it outside the link.
  assert.ok(a.width >= li.width - 2 && a.height >= li.height - 2, JSON.stringify({ li, a }));
  assert.ok(a.height >= 44, `chip height ${a.height}`);
  const home = await newPage({ viewport: { width: 390, height: 844 } });
  await home.page.goto(starter.url);
  const tooSmall = await home.page.locator('.btn:visible, .site-nav a:visible, .profile-links a:visible')
    .evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().height < 44).map((e) => e.textContent.trim()));
  assert.deepEqual(tooSmall, []);
  await home.close();
  await phone.close();
});
