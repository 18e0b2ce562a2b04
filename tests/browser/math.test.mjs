// Math as a reader sees it: a site whose pages hold TeX taken from real papers (in a
// page body, a bio, an abstract and BibTeX titles), built by sitegen and opened in
// headless Chromium. Every `.math` element must be typeset by KaTeX (the site's own copy,
// no network; the last ones after the load), with no KaTeX error and no console error,
// and a page without math must load no KaTeX file. Screenshots of a math page in the
// light and dark colour schemes are written to $SITEGEN_MATH_SHOTS when it is set.
//
// Run: npm ci --prefix tests/browser && node tests/browser/math.test.mjs
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

// Inline expressions, as they appear in papers' abstracts and statements.
const kInline = [
  String.raw`O(n \log n)`,
  String.raw`\frac{1}{\sqrt{2\pi\sigma^2}} e^{-\frac{(x-\mu)^2}{2\sigma^2}}`,
  String.raw`\sqrt[3]{x^3 + y^3}`,
  String.raw`\sum_{i=1}^{n} \binom{n}{i} p^i (1-p)^{n-i}`,
  String.raw`\prod_{k=1}^{\infty} \left(1 - \frac{x^2}{k^2 \pi^2}\right)`,
  String.raw`\int_0^1 f(x)\,dx`,
  String.raw`\oint_{\partial \Omega} \omega = \int_\Omega d\omega`,
  String.raw`\lim_{n \to \infty} \left(1 + \frac{1}{n}\right)^n = e`,
  String.raw`\hat{\theta}_{\mathrm{MLE}}`,
  String.raw`\tilde{O}(\sqrt{T})`,
  String.raw`\bar{x} = \frac{1}{n}\sum_i x_i`,
  String.raw`\vec{v} \cdot \vec{w}`,
  String.raw`\mathbb{E}_{x \sim \mathcal{D}}[\ell(h(x), y)]`,
  String.raw`\mathbb{R}^{d \times d}`,
  String.raw`\mathcal{O}(\epsilon^{-2})`,
  String.raw`\operatorname{softmax}(QK^\top / \sqrt{d_k}) V`,
  String.raw`\operatorname*{arg\,min}_{w} \lVert Xw - y \rVert_2^2 + \lambda \lVert w \rVert_1`,
  String.raw`\left( \frac{a}{b} \right)^{k}`,
  String.raw`\left\lfloor \frac{n}{2} \right\rfloor`,
  String.raw`\left\langle \phi, \psi \right\rangle`,
  String.raw`x_{i,j}^{(t+1)} = x_{i,j}^{(t)} - \eta \nabla_{x} \mathcal{L}`,
  String.raw`\mathrm{KL}(P \,\|\, Q) = \sum_x P(x) \log \frac{P(x)}{Q(x)}`,
  String.raw`\Pr[X \geq (1+\delta)\mu] \leq e^{-\delta^2 \mu / 3}`,
  String.raw`\alpha, \beta \in (0, 1]`,
  String.raw`f: \mathbb{Z}_p^* \to \mathbb{F}_{q^5}`,
  String.raw`\mathbb{P}^1 \times \mathbb{P}^1`,
  String.raw`\dot{x} = Ax + Bu`,
  String.raw`\overline{\partial} u = 0`,
  String.raw`\|\nabla f(x)\|_2 \le L`,
  String.raw`H^1(\Omega) \hookrightarrow L^2(\Omega)`,
  String.raw`\boldsymbol{\mu} \sim \mathcal{N}(\mathbf{0}, \Sigma)`,
  String.raw`\log_2 \binom{2n}{n} \approx 2n`,
];

// Displayed formulas: matrices, aligned equations, cases.
const kDisplay = [
  String.raw`A = \begin{pmatrix} a_{11} & a_{12} \\ a_{21} & a_{22} \end{pmatrix}`,
  String.raw`\begin{bmatrix} 1 & 0 & 0 \\ 0 & \cos\theta & -\sin\theta \\ 0 & \sin\theta & \cos\theta \end{bmatrix}`,
  String.raw`\det \begin{vmatrix} a & b \\ c & d \end{vmatrix} = ad - bc`,
  String.raw`\begin{aligned} \nabla \cdot \mathbf{E} &= \frac{\rho}{\varepsilon_0} \\ \nabla \times \mathbf{B} &= \mu_0 \mathbf{J} + \mu_0 \varepsilon_0 \frac{\partial \mathbf{E}}{\partial t} \end{aligned}`,
  String.raw`f(x) = \begin{cases} x^2 & \text{if } x \ge 0, \\ -x & \text{otherwise.} \end{cases}`,
  String.raw`\mathcal{L}(\theta) = -\frac{1}{N} \sum_{i=1}^{N} \sum_{c=1}^{C} y_{i,c} \log \hat{y}_{i,c}`,
  String.raw`\hat{f}(\xi) = \int_{-\infty}^{\infty} f(x)\, e^{-2\pi i x \xi}\, dx`,
  String.raw`\left[ \sum_{k=0}^{\infty} \frac{x^k}{k!} \right] = e^x`,
  String.raw`\begin{aligned} \min_{x} \quad & c^\top x \\ \text{s.t.} \quad & Ax \le b, \; x \ge 0 \end{aligned}`,
  String.raw`\zeta(s) = \sum_{n=1}^\infty \frac{1}{n^s} = \prod_{p \text{ prime}} \frac{1}{1 - p^{-s}}`,
];

// Titles as BibTeX files write them (the reader keeps $...$).
const kTitles = [
  String.raw`{$\alpha$-Stable} Processes and {$\ell_1$} Recovery`,
  String.raw`Rational Points on {$\mathbb{P}^1$} over {$\mathbb{F}_q$}`,
  String.raw`An {$O(\sqrt{n})$}-Approximation for {$k$}-Median with {$\tilde{O}(n^2)$} Time`,
  String.raw`The Operator {$\operatorname{rank}(A) \le r$} and {$\mathcal{H}_\infty$} Control`,
];

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-math-'));
const content = path.join(work, 'content');
const out = path.join(work, 'public');
fs.mkdirSync(path.join(content, 'pages'), { recursive: true });
fs.writeFileSync(path.join(content, 'site.toml'), [
  'title = "Math"', 'description = "Math from papers"', '[person]', 'name = "Ada Example"',
  '[publications]', 'bibtex = ["papers.bib"]', ''].join('\n'));
fs.writeFileSync(path.join(content, 'bio.md'), `I work on $${kInline[0]}$ algorithms.\n`);
const body = ['+++', 'title = "Formulas"', '+++', '', '## Inline', '',
  ...kInline.map((t, i) => `${i + 1}. Expression $${t}$ in a sentence.`), '', '## Displayed', '',
  ...kDisplay.flatMap((t) => [`$$${t}$$`, '']), ''].join('\n');
fs.writeFileSync(path.join(content, 'pages/formulas.md'), body);
fs.writeFileSync(path.join(content, 'pages/plain.md'), '+++\ntitle = "Plain"\n+++\n\nNo math, costs \\$5.\n');
fs.writeFileSync(path.join(content, 'papers.bib'), kTitles.map((t, i) => `@article{paper${i},
  author = {Ada Example and Ben Sample},
  title = {${t}},
  journal = {Journal of Examples},
  year = {${2020 + i}},
  abstract = {We show $\\sum_{i=1}^n x_i \\le \\sqrt{n}\\,\\|x\\|_2$ for every $x \\in \\mathbb{R}^n$.},
}
`).join('\n'));
execFileSync(sitegen, ['build', content, '-o', out, '--quiet'], { stdio: ['ignore', 'inherit', 'inherit'] });

const expressions = kInline.length + kDisplay.length + kTitles.length;
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

// Opens `rel` and returns what it loaded and how its math came out.
async function open(rel, colorScheme = 'light') {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, colorScheme });
  const page = await context.newPage();
  const requests = [];
  const errors = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(server.url + rel, { waitUntil: 'load' });
  // The first 50 ms of typesetting come before the page is shown, the rest after the load.
  if (await page.evaluate(() => typeof katex !== 'undefined')) {
    await page.waitForFunction(() => document.querySelectorAll('.math:not(.typeset)').length === 0,
      null, { timeout: 20000 });
  }
  const math = await page.evaluate(() => [...document.querySelectorAll('.math')].map((el) => ({
    typeset: el.querySelector('.katex') !== null,
    error: el.querySelector('.katex-error') !== null,
    text: el.title || el.textContent.slice(0, 80),
  })));
  return { context, page, requests, errors, math };
}

test(`${expressions} expressions from papers are typeset by KaTeX without an error`, async () => {
  assert.ok(expressions >= 40, `only ${expressions} expressions`);
  let seen = 0;
  for (const rel of ['formulas/', 'publications/', 'publications/paper2/', '']) {
    const r = await open(rel);
    try {
      assert.deepEqual(r.errors, [], `${rel}: console errors`);
      assert.ok(r.math.length > 0, `${rel}: no .math element`);
      for (const m of r.math) {
        assert.ok(m.typeset, `${rel}: not typeset: ${m.text}`);
        assert.ok(!m.error, `${rel}: KaTeX error: ${m.text}`);
      }
      // Everything comes from the site itself, the fonts included.
      for (const u of r.requests) assert.ok(u.startsWith(server.url), `${rel}: requested ${u}`);
      assert.ok(r.requests.some((u) => u.endsWith('/assets/katex/katex.min.js')), rel);
      seen += r.math.length;
    } finally {
      await r.context.close();
    }
  }
  assert.ok(seen >= expressions, `${seen} .math elements, ${expressions} written`);
});

test('the fonts KaTeX needs load from the site', async () => {
  const r = await open('formulas/');
  try {
    const fonts = r.requests.filter((u) => u.includes('/assets/katex/fonts/'));
    assert.ok(fonts.some((u) => u.endsWith('KaTeX_Main-Regular.woff2')), fonts.join('\n'));
    assert.ok(fonts.some((u) => u.endsWith('KaTeX_Math-Italic.woff2')), fonts.join('\n'));
    assert.ok(fonts.every((u) => u.endsWith('.woff2')), fonts.join('\n'));
  } finally {
    await r.context.close();
  }
});

test('a page without math loads no KaTeX file', async () => {
  for (const rel of ['plain/', 'news/missing/']) {
    const r = await open(rel);
    try {
      assert.deepEqual(r.math, []);
      assert.deepEqual(r.requests.filter((u) => u.includes('katex')), [], rel);
    } finally {
      await r.context.close();
    }
  }
});

test('without JavaScript the TeX is shown, as code', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}formulas/`, { waitUntil: 'load' });
    const first = await page.evaluate(() => {
      const el = document.querySelector('.math');
      return { text: el.textContent, font: getComputedStyle(el).fontFamily };
    });
    assert.equal(first.text, kInline[0]);
    assert.match(first.font, /mono/i);
  } finally {
    await context.close();
  }
});

test('screenshots in the light and dark schemes', async () => {
  const dir = process.env.SITEGEN_MATH_SHOTS;
  for (const scheme of ['light', 'dark']) {
    const r = await open('formulas/', scheme);
    try {
      // The typeset math takes the text colour of the scheme.
      const colors = await r.page.evaluate(() => {
        const k = document.querySelector('.math .katex');
        return { math: getComputedStyle(k).color, body: getComputedStyle(document.body).color };
      });
      assert.equal(colors.math, colors.body, scheme);
      if (dir) {
        fs.mkdirSync(dir, { recursive: true });
        await r.page.screenshot({ path: path.join(dir, `formulas-${scheme}.png`), fullPage: true });
      }
    } finally {
      await r.context.close();
    }
  }
});
