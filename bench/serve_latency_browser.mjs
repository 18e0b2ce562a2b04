// Edit-to-reload latency as a reader sees it: `sitegen serve` on each example and on a
// synthetic site of 1,000 publications, the publications page open in headless
// Chromium (Debian's, driven by playwright-core from tests/browser), then EDITS
// rewrites of the first publication's title, saved as editors do (temporary file,
// rename). Each time is from the rename until the reloaded page holds the new title,
// nothing clicked: its DOMContentLoaded and its first contentful paint (when the
// browser first shows it), both read from the page's own clock (performance.timeOrigin
// is epoch time, as Date.now() here), so the delay of telling this script is not counted.
//
//   npm ci --prefix tests/browser
//   node bench/serve_latency_browser.mjs [--sitegen build/sitegen] [--edits 20]
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
const genSite = path.join(root, '..', 'shared', 'bench', 'gen_site.py');
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
  if (fs.existsSync(genSite)) {
    execFileSync('python3', [genSite, '--pubs', '1000', '--news', '300', '--talks', '100',
      '--out', path.join(work, 'synthetic')], { stdio: 'ignore' });
    sites.push(['synthetic, 1000 publications', path.join(work, 'synthetic')]);
  }
  console.log(`edits per site: ${edits}; ms from the rename, median (min-max)\n`);
  console.log('| site | publications page | to DOMContentLoaded with the new title | to its first contentful paint |');
  console.log('|---|---:|---:|---:|');
  for (const [name, content] of sites) {
    const { child, url } = await startServer(content);
    const page = await browser.newPage();
    try {
      const pubsUrl = `${url}publications/`;
      const first = await page.goto(pubsUrl);
      const size = (await first.body()).length;
      const file = path.join(content, 'publications.toml');
      const original = fs.readFileSync(file, 'utf8');
      const dcl = [];
      const fcp = [];
      for (let i = 0; i < edits; i++) {
        const title = `Latency probe ${i} ${Date.now()}`;
        await new Promise((r) => setTimeout(r, 150));
        const seen = new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`${name}: edit ${i} not seen in 30 s`)), 30000);
          const onLoad = async () => {
            const t = await page.evaluate(async (s) => {
              if (!document.body.innerText.includes(s)) return null;
              const nav = performance.getEntriesByType('navigation')[0];
              const fcp = await new Promise((done) => {
                const seen = () => performance.getEntriesByName('first-contentful-paint')[0];
                if (seen()) return done(seen());
                new PerformanceObserver(() => seen() && done(seen())).observe({ type: 'paint', buffered: true });
                setTimeout(() => done(null), 5000);
              });
              return {
                dcl: performance.timeOrigin + nav.domContentLoadedEventEnd,
                fcp: fcp ? performance.timeOrigin + fcp.startTime : NaN,
              };
            }, title).catch(() => null);
            if (!t) return;
            clearTimeout(timer);
            page.off('domcontentloaded', onLoad);
            resolve(t);
          };
          page.on('domcontentloaded', onLoad);
        });
        const text = original.replace(/^(title\s*=\s*)"[^"\n]*"/m, `$1"${title}"`);
        const t0 = Date.now();
        save(file, text);
        const t = await seen;
        dcl.push(t.dcl - t0);
        fcp.push(t.fcp - t0);
      }
      save(file, original);
      const fcpText = fcp.some(Number.isNaN) ? 'not reported' : stats(fcp);
      console.log(`| ${name} | ${Math.round(size / 1024)} KB | ${stats(dcl)} | ${fcpText} |`);
    } finally {
      await page.close();
      child.kill('SIGTERM');
    }
  }
} finally {
  await browser.close();
  fs.rmSync(work, { recursive: true, force: true });
}
