// Punctuation as a reader sees it, in headless Chromium, on every page of the starter site
// and of every example, at 1366 and 390 px: no element's rendered text, counting what the
// stylesheet adds with ::before and ::after (read with getComputedStyle), holds "()",
// "( )" or ", ,", no block of text starts with a comma or ends with a comma or an opening
// parenthesis, and no badge, chip or button is shown empty. Code, BibTeX and typeset math
// are not prose and are skipped.
//
// Run: npm ci --prefix tests/browser && node tests/browser/punctuation.test.mjs
// (SITEGEN_BINARY names the binary; default build/sitegen). Under ctest, a missing
// prerequisite exits with SITEGEN_SKIP_CODE so the test shows as skipped.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildSite, chromiumArgs, chromiumPath, contentDirs, listFiles, missingPrerequisite, serveSite, siteName,
  skipWhenMissing,
} from './sites.mjs';

const missing = missingPrerequisite();
skipWhenMissing(missing);
const { chromium } = await import('playwright-core');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-punctuation-'));
let browser;

before(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
});
after(async () => {
  await browser?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

// Runs in the page: the problems of its rendered text, one line each.
function renderedTextProblems() {
  const kBadges = '.badge, .pub-abbr, .count, .chips li, .filters a, .btn, .legend dt, .legend dd';
  const kBad = [/\(\s*\)/, /,\s*,/];
  const kBlocks = new Set(['block', 'list-item', 'flex', 'grid', 'table-cell']);
  const skipped = (el) => ['PRE', 'CODE', 'SCRIPT', 'STYLE', 'TEMPLATE'].includes(el.tagName) ||
    el.namespaceURI === 'http://www.w3.org/2000/svg' || el.classList.contains('math') ||
    el.classList.contains('katex');
  // CSS string escapes: \" \\ and \HEX followed by an optional space.
  const unescape = (s) => s.replace(/\\([0-9a-fA-F]{1,6}) ?|\\([\s\S])/g,
    (m, hex, ch) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : ch));
  // The text a ::before or ::after adds: its strings and attr() values, in order.
  function generated(el, which) {
    const style = getComputedStyle(el, which);
    const content = style.content;
    if (style.display === 'none' || !content || content === 'none' || content === 'normal') return '';
    let out = '';
    const tokens = /"((?:[^"\\]|\\[\s\S])*)"|'((?:[^'\\]|\\[\s\S])*)'|attr\(\s*([\w-]+)\s*\)/g;
    for (const m of content.matchAll(tokens)) {
      if (m[1] !== undefined) out += unescape(m[1]);
      else if (m[2] !== undefined) out += unescape(m[2]);
      else out += el.getAttribute(m[3]) ?? '';
    }
    return out;
  }
  const name = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement)
      parts.unshift(e.tagName.toLowerCase() + (e.classList.length ? '.' + [...e.classList].join('.') : ''));
    return parts.join(' > ');
  };
  const problems = [];
  // Returns the element's rendered text and whether a problem was reported inside it, so
  // only the innermost element with a problem is named.
  function walk(el) {
    if (skipped(el)) return { text: '', reported: false };
    const style = getComputedStyle(el);
    if (style.display === 'none') return { text: '', reported: false };
    let text = generated(el, '::before');
    let reported = false;
    for (const n of el.childNodes) {
      if (n.nodeType === Node.TEXT_NODE) text += n.data;
      else if (n.nodeType === Node.ELEMENT_NODE) {
        const r = walk(n);
        text += r.text;
        reported ||= r.reported;
      }
    }
    text += generated(el, '::after');
    const shown = text.replace(/\s+/g, ' ').trim();
    if (!reported && (kBad.some((re) => re.test(shown)) ||
                      (kBlocks.has(style.display) && /^,|[,(]$/.test(shown)))) {
      problems.push(`${name(el)}: "${shown.slice(0, 160)}"`);
      reported = true;
    }
    if (el.matches(kBadges) && shown === '' && !el.querySelector('img'))
      problems.push(`${name(el)}: an empty badge`);
    return { text, reported };
  }
  walk(document.body);
  return problems;
}

for (const content of contentDirs()) {
  test(`${siteName(content)}: no empty parentheses, doubled commas or empty badges on any page`, async () => {
    const out = path.join(work, siteName(content).replace('/', '-'));
    buildSite(content, 'https://example.github.io/', out);
    const site = await serveSite(out, '/');
    const pages = listFiles(out).filter((f) => f.endsWith('.html'));
    const problems = [];
    try {
      for (const width of [1366, 390]) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        for (const file of pages) {
          const url = site.url + file.replace(/(^|\/)index\.html$/, '$1');
          await page.goto(url);
          for (const p of await page.evaluate(renderedTextProblems)) problems.push(`${file} at ${width} px: ${p}`);
        }
        await context.close();
      }
    } finally {
      site.close();
    }
    assert.ok(pages.length > 5, `${siteName(content)} has ${pages.length} pages`);
    assert.deepEqual(problems, []);
  });
}
