// Resized photos and teasers as a visitor's browser takes them: on a 1366 px screen (1x)
// and a 390 px phone (3x), the home page's photo and the publication list's teaser load
// the WebP width their `srcset` and `sizes` make the browser pick, shown at the theme's
// size, and the photo links to the original. The images are drawn in the browser and
// saved as a 3000 x 4000 JPEG and a 2400 x 1500 PNG, so no large file is checked in.
//
// Run: npm ci --prefix tests/browser && node tests/browser/images.test.mjs
// (SITEGEN_BINARY names the binary; default build/sitegen). Under ctest, a missing
// prerequisite exits with SITEGEN_SKIP_CODE so the test shows as skipped.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildSite, chromiumArgs, chromiumPath, drawImage, missingPrerequisite, serveSite,
  skipWhenMissing } from './sites.mjs';

const missing = missingPrerequisite();
skipWhenMissing(missing);
const { chromium } = await import('playwright-core');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-images-'));
let browser;
let site;

before(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const page = await browser.newPage();
  const content = path.join(work, 'content');
  fs.mkdirSync(path.join(content, 'static', 'teasers'), { recursive: true });
  fs.writeFileSync(path.join(content, 'static', 'me.jpg'), await drawImage(page, 3000, 4000, 'image/jpeg'));
  fs.writeFileSync(path.join(content, 'static', 'teasers', 'fast.png'),
    await drawImage(page, 2400, 1500, 'image/png'));
  await page.close();
  fs.writeFileSync(path.join(content, 'site.toml'),
    'title = "Ada Example"\n[person]\nname = "Ada Example"\nphoto = "me.jpg"\n');
  fs.writeFileSync(path.join(content, 'publications.toml'),
    '[[publication]]\nid = "fast"\ntitle = "Fast Paths"\nauthors = ["Ada Example"]\nyear = 2024\n' +
    'venue = "ICML"\npreview = "teasers/fast.png"\n');
  process.env.SITEGEN_CACHE_DIR = path.join(work, 'cache');
  const out = path.join(work, 'public');
  buildSite(content, 'https://example.github.io/', out);
  site = await serveSite(out, '/');
});

after(async () => {
  await browser?.close();
  site?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

// The image as shown: the file the browser picked, that file's pixels (naturalWidth of an
// <img> with a srcset is scaled by the width descriptor, so the file is loaded on its own
// to read them) and the box it fills.
async function shown(page, selector) {
  const img = page.locator(selector).first();
  await img.scrollIntoViewIfNeeded();
  await img.evaluate((e) => e.decode());
  return img.evaluate(async (e) => {
    const alone = new Image();
    alone.src = e.currentSrc;
    await alone.decode();
    return {
      file: new URL(e.currentSrc).pathname.replace(/^\/img\/[0-9a-f]{16}-/, '/img/HASH-'),
      pixels: [alone.naturalWidth, alone.naturalHeight],
      box: Math.round(e.getBoundingClientRect().width),
    };
  });
}

const kScreens = [
  // A laptop at 1x: the 240 px photo and the 160 px teaser take the 1x files.
  { width: 1366, scale: 1, photo: { file: '/img/HASH-240.webp', pixels: [240, 320], box: 240 },
    teaser: { file: '/img/HASH-192.webp', pixels: [192, 120], box: 160 } },
  // A phone at 3x: the 104 px photo needs 312 pixels, the 192 px teaser 576: the widest files.
  { width: 390, scale: 3, photo: { file: '/img/HASH-480.webp', pixels: [480, 640], box: 104 },
    teaser: { file: '/img/HASH-384.webp', pixels: [384, 240], box: 192 } },
];

for (const screen of kScreens) {
  test(`at ${screen.width} px (${screen.scale}x) the photo and the teaser load the width they need`, async () => {
    const context = await browser.newContext({
      viewport: { width: screen.width, height: 900 }, deviceScaleFactor: screen.scale,
    });
    const page = await context.newPage();
    await page.goto(site.url);
    assert.deepEqual(await shown(page, 'img.photo'), screen.photo);
    // The original, as it was, one click away.
    const original = await page.locator('a.photo-link').getAttribute('href');
    assert.equal(original, '/me.jpg');
    const res = await page.request.get(new URL(original, site.url).href);
    assert.equal(res.headers()['content-type'], 'image/jpeg');
    assert.deepEqual(await res.body(), fs.readFileSync(path.join(work, 'content', 'static', 'me.jpg')));
    await page.goto(site.url + 'publications/');
    assert.deepEqual(await shown(page, 'img.pub-teaser'), screen.teaser);
    await context.close();
  });
}
