// The BibTeX a visitor copies, as the browser shows it: a site with a title holding math
// and a Vietnamese co-author written with nested LaTeX accents, built by sitegen and
// opened in headless Chromium. The paper page's Cite box, the text its Copy button puts
// on the clipboard, and the list's BibTeX toggle must hold the title's math as it was
// written (not `\$\textbackslash{}mathcal...`) and "Nguyễn" as one composed letter (not
// ê followed by a combining tilde, which shows as "Nguyêñ" in some fonts). KaTeX must
// leave the BibTeX alone. The letters must also be drawn from the theme's own fonts: the
// Cite box from the bundled Source Code Pro, the author line from Source Sans 3 (both
// with their Vietnamese files), as Chromium reports the fonts it used; the system's
// Liberation Mono lacks ễ and drew it as ê with a tilde on the next letter ("Nguyêñ").
// Screenshots of the Cite box (1366 and 390 px, light and dark) are written to
// $SITEGEN_BIBTEX_SHOTS when it is set.
//
// Run: npm ci --prefix tests/browser && node tests/browser/bibtex_cite.test.mjs
// (SITEGEN_BINARY names the binary; default build/sitegen). Under ctest, a missing
// prerequisite exits with SITEGEN_SKIP_CODE so the test shows as skipped.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import {
  chromiumArgs, chromiumPath, missingPrerequisite, serveSite, sitegen, skipWhenMissing,
} from './sites.mjs';

const missing = missingPrerequisite();
skipWhenMissing(missing);
const { chromium } = await import('playwright-core');

const kMath = String.raw`$\mathcal{O}(\log T/\sqrt{T})$`;
const kTitle = `Adam Converges at Rate ${kMath} Under Heavy-Tailed Gradient Noise`;
const kNguyen = 'Nguy\u1EC5n'; // ễ: one code point
const kNguyenDecomposed = 'Nguy\u00EA\u0303n'; // ê + combining tilde

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-bibtex-'));
const content = path.join(work, 'content');
const out = path.join(work, 'public');
fs.mkdirSync(content, { recursive: true });
fs.writeFileSync(path.join(content, 'site.toml'), [
  'title = "Ada Example"', 'description = "Papers"', '[person]', 'name = "Ada Example"',
  '[publications]', 'bibtex = ["papers.bib"]', ''].join('\n'));
fs.writeFileSync(path.join(content, 'papers.bib'), String.raw`@article{example2024adam,
  author = {Ada Example and Nguy{\~{\^e}}n, Van An},
  title = {Adam Converges at Rate $\mathcal{O}(\log T/\sqrt{T})$ Under {Heavy-Tailed} Gradient Noise},
  journal = {Journal of Machine Learning Research},
  year = {2024},
  abstract = {We show a rate of $\mathcal{O}(\log T/\sqrt{T})$.},
}
`);
execFileSync(sitegen, ['build', content, '-o', out, '--quiet'], { stdio: ['ignore', 'inherit', 'inherit'] });

let browser;
let server;
before(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  server = await serveSite(out, '/');
});
after(async () => {
  await browser?.close();
  await server?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

// The checks on BibTeX text as a visitor reads or copies it.
function checkBibtex(text, where) {
  assert.ok(text.includes(`title   = {Adam Converges at Rate ${kMath} Under {Heavy-Tailed} Gradient Noise}`),
    `${where}: the title's math is not as written:\n${text}`);
  assert.ok(!text.includes('textbackslash') && !text.includes('textbraceleft') && !text.includes('\\$'),
    `${where}: escaped math:\n${text}`);
  assert.ok(text.includes(`author  = {Example, Ada and ${kNguyen}, Van An}`), `${where}: ${text}`);
  assert.ok(!text.includes(kNguyenDecomposed) && !text.includes('\u0303'),
    `${where}: a combining tilde`);
}

test('the Cite box holds the math as written and Nguyễn composed, and so does the copy', async () => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url.replace(/\/$/, '') });
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}publications/example2024adam/`, { waitUntil: 'load' });
    // The page title is typeset; the BibTeX is text.
    assert.equal(await page.locator('h1 .math .katex').count(), 1);
    assert.equal(await page.locator('#bibtex .katex').count(), 0);
    const shown = await page.locator('#bibtex').innerText();
    checkBibtex(shown, 'Cite box');
    assert.ok((await page.locator('main').innerText()).includes(kNguyen), 'author list');
    await page.locator('#copy-bibtex').click();
    await page.locator('.copy-status').filter({ hasText: /./ }).waitFor({ timeout: 5000 });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    checkBibtex(copied, 'copied text');
    const download = await (await fetch(`${server.url}publications/example2024adam/example2024adam.bib`)).text();
    assert.equal(copied, download);
    const all = await (await fetch(`${server.url}publications.bib`)).text();
    checkBibtex(all, '/publications.bib');
  } finally {
    await context.close();
  }
});

// Whether a FontFace's unicode-range ("U+102-103, U+1EA0-1EF9, U+4??") holds a code point.
function rangeHolds(unicodeRange, codePoint) {
  return unicodeRange.split(',').some((part) => {
    const m = /^U\+([0-9A-F?]+)(?:-([0-9A-F]+))?$/i.exec(part.trim());
    if (!m) return false;
    const low = parseInt(m[1].replace(/\?/g, '0'), 16);
    const high = parseInt(m[2] ?? m[1].replace(/\?/g, 'F'), 16);
    return low <= codePoint && codePoint <= high;
  });
}

// The fonts Chromium drew an element's text with: [{familyName, isCustomFont, glyphCount}].
async function usedFonts(page, selector) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    await cdp.send('CSS.enable');
    return (await cdp.send('CSS.getPlatformFontsForNode', { nodeId })).fonts;
  } finally {
    await cdp.detach();
  }
}

test('Nguyễn is drawn from the bundled fonts: Source Code Pro in the Cite box, Source Sans 3 above', async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  try {
    await page.goto(`${server.url}publications/example2024adam/`, { waitUntil: 'load' });
    const state = await page.evaluate(async () => {
      await document.fonts.ready;
      return {
        family: getComputedStyle(document.getElementById('bibtex')).fontFamily,
        faces: [...document.fonts].map((f) => ({ family: f.family, status: f.status, range: f.unicodeRange })),
      };
    });
    assert.match(state.family, /^"Source Code Pro", /, 'the Cite box names the bundled font first');
    const vietnamese = state.faces.filter((f) => f.family.replace(/"/g, '') === 'Source Code Pro' &&
      f.status === 'loaded' && rangeHolds(f.range, 0x1EC5));
    assert.equal(vietnamese.length, 1, `a loaded Source Code Pro face for U+1EC5: ${JSON.stringify(state.faces)}`);
    for (const [selector, family] of [['#bibtex', 'Source Code Pro'], ['.paper-authors', 'Source Sans 3']]) {
      const fonts = await usedFonts(page, selector);
      assert.ok(fonts.length > 0 && fonts.every((f) => f.isCustomFont && f.familyName.startsWith(family)),
        `${selector} is drawn with ${JSON.stringify(fonts)}, not ${family} alone`);
    }
  } finally {
    await page.close();
  }
});

test("the list's BibTeX toggle holds the same text", async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}publications/`, { waitUntil: 'load' });
    const toggle = page.locator('details.pub-toggle', { has: page.locator('.pub-bibtex') }).first();
    await toggle.locator('summary').click();
    checkBibtex(await toggle.locator('.pub-bibtex').innerText(), 'list toggle');
  } finally {
    await context.close();
  }
});

test('screenshots of the Cite box', async () => {
  const dir = process.env.SITEGEN_BIBTEX_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const [width, height] of [[1366, 900], [390, 844]]) {
    for (const colorScheme of ['light', 'dark']) {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme });
      const page = await context.newPage();
      try {
        await page.goto(`${server.url}publications/example2024adam/`, { waitUntil: 'load' });
        await page.locator('#cite-h').scrollIntoViewIfNeeded();
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: path.join(dir, `cite-${width}-${colorScheme}.png`), fullPage: true });
        await page.locator('.bibtex').screenshot({ path: path.join(dir, `cite-box-${width}-${colorScheme}.png`) });
      } finally {
        await context.close();
      }
    }
  }
});
