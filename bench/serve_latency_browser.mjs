// Edit-to-reload latency as a reader sees it: `sitegen serve` on each example and on a
// synthetic site of 1,000 publications, the publications page open in headless
// Chromium (Debian's, driven by playwright-core from tests/browser), then EDITS
// rewrites of the first publication's title, saved as editors do (temporary file,
// rename). Each time is from the rename until the page holds the new title, nothing
// clicked, read from the page's own clock (performance.timeOrigin is epoch time, as
// Date.now() here), so the delay of telling this script is not counted: "new title in the
// page" is when the live-reload script patched or swapped the new body in (or, had it fallen back to
// a full reload, DOMContentLoaded), "painted" the next animation frame (or the reload's
// first contentful paint).
//
//   npm ci --prefix tests/browser
//   node bench/serve_latency_browser.mjs [--sitegen build/sitegen] [--edits 20] [--only TEXT]
//
// Only 127.0.0.1 is contacted; every wait is bounded (30 s).
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : def;
};
const sitegen = path.resolve(arg('--sitegen', path.join(root, 'build/sitegen')));
const edits = Number(arg('--edits', '20'));
const only = arg('--only', '');  // measure just the sites whose name holds this text
const genSite = path.join(root, 'bench', 'gen_site.py');
const { chromium } = await import(path.join(root, 'tests/browser/node_modules/playwright-core/index.mjs'));

function startServer(content) {
  const child = spawn(sitegen, ['serve', content, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL:\n${out}`)), 30000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/^serving (http:\/\/127\.0\.0\.1:\d+\/\S*)$/m);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
  });
}

function save(file, text) {
  fs.writeFileSync(`${file}.tmp-save`, text);
  fs.renameSync(`${file}.tmp-save`, file);
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return `${Math.round(mid)} (${Math.round(s[0])}-${Math.round(s[s.length - 1])})`;
};

// Waits (bounded: 30 s) until the page shows `title`, after the live-reload script swapped
// the new body in (its `sitegen:updated` mark; the painted time is the next animation
// frame) or, when it fell back to a reload, after the new page loaded (DOMContentLoaded;
// painted is its first contentful paint). All times are epoch ms from the page's clock.
async function seen(page, title, [origin, marks], name, i) {
  const deadline = Date.now() + 30000;
  while (Date.now() < deadline) {
    const t = await page.evaluate(async ([s, origin, marks]) => {
      if (!document.body || !document.body.textContent.includes(s)) return null;
      if (performance.timeOrigin === origin) {
        const m = performance.getEntriesByName('sitegen:updated');
        if (m.length <= marks) return null;
        for (let k = 0; k < 100 && window.sitegenFrame === null; k++) await new Promise((r) => setTimeout(r, 10));
        return { dom: origin + m[m.length - 1].startTime, frame: window.sitegenFrame ?? NaN, reloaded: false };
      }
      const nav = performance.getEntriesByType('navigation')[0];
      if (!nav || !nav.domContentLoadedEventEnd) return null;
      const fcp = await new Promise((done) => {
        const got = () => performance.getEntriesByName('first-contentful-paint')[0];
        if (got()) return done(got());
        new PerformanceObserver(() => got() && done(got())).observe({ type: 'paint', buffered: true });
        setTimeout(() => done(null), 5000);
      });
      return {
        dom: performance.timeOrigin + nav.domContentLoadedEventEnd,
        frame: fcp ? performance.timeOrigin + fcp.startTime : NaN,
        reloaded: true,
      };
    }, [title, origin, marks]).catch(() => null);  // the page may be between documents
    if (t) return t;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${name}: edit ${i} not seen in 30 s`);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-browser-latency-'));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const sites = fs.readdirSync(path.join(root, 'examples')).sort().map((name) => {
    fs.cpSync(path.join(root, 'examples', name), path.join(work, name), { recursive: true });
    return [`examples/${name}`, path.join(work, name)];
  });
  execFileSync('python3', [genSite, '--pubs', '1000', '--news', '300', '--talks', '100',
    '--out', path.join(work, 'synthetic')], { stdio: 'ignore' });
  sites.push(['synthetic, 1000 publications', path.join(work, 'synthetic')]);
  if (only) sites.splice(0, sites.length, ...sites.filter(([name]) => name.includes(only)));
  console.log(`edits per site: ${edits}; ms from the rename, median (min-max)\n`);
  console.log('| site | publications page | new title in the page | painted | full reloads |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, content] of sites) {
    const { child, url } = await startServer(content);
    const page = await browser.newPage();
    try {
      const pubsUrl = `${url}publications/`;
      const first = await page.goto(pubsUrl);
      const size = (await first.body()).length;
      const file = path.join(content, 'publications.toml');
      const original = fs.readFileSync(file, 'utf8');
      const dom = [];
      const frame = [];
      let reloads = 0;
      for (let i = 0; i < edits; i++) {
        const title = `Latency probe ${i} ${Date.now()}`;
        await new Promise((r) => setTimeout(r, 150));
        // The first animation frame after the page changed (its body swapped, or the
        // changed elements patched) is when it is painted.
        const before = await page.evaluate(() => {
          window.sitegenFrame = null;
          new MutationObserver((_, o) => {
            o.disconnect();
            requestAnimationFrame(() => { window.sitegenFrame = performance.timeOrigin + performance.now(); });
          }).observe(document.documentElement, { childList: true, subtree: true, characterData: true });
          return [performance.timeOrigin, performance.getEntriesByName('sitegen:updated').length];
        });
        const text = original.replace(/^(title\s*=\s*)"[^"\n]*"/m, `$1"${title}"`);
        const t0 = Date.now();
        save(file, text);
        const t = await seen(page, title, before, name, i);
        if (t.reloaded) reloads++;
        dom.push(t.dom - t0);
        frame.push(t.frame - t0);
      }
      save(file, original);
      const frameText = frame.some(Number.isNaN) ? 'not reported' : stats(frame);
      console.log(`| ${name} | ${Math.round(size / 1024)} KB | ${stats(dom)} | ${frameText} | ${reloads} |`);
    } finally {
      await page.close();
      child.kill('SIGTERM');
    }
  }
} finally {
  await browser.close();
  fs.rmSync(work, { recursive: true, force: true });
}
