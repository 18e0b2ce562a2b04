// Shared by the browser checks (site_checks, math, live_reload, serve_pages) and lighthouse.mjs: build content/ and every example
// with sitegen, and serve a built site the way GitHub Pages does (under a base path,
// directories redirect to their slash form, missing files get the site's 404.html, text
// is sent gzipped to a client that accepts it), or start and stop `sitegen serve`.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const here = path.dirname(fileURLToPath(import.meta.url));
export const root = path.resolve(here, '../..');
export const sitegen = process.env.SITEGEN_BINARY || path.join(root, 'build/sitegen');
export const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
export const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run'];

// What a browser check lacks, or '': npm packages (under node_modules), Chromium, the
// sitegen binary.
export function missingPrerequisite(packages = ['playwright-core']) {
  for (const m of packages)
    if (!fs.existsSync(path.join(here, 'node_modules', m)))
      return `${m} is not installed (run: npm ci --prefix tests/browser)`;
  if (!fs.existsSync(chromiumPath)) return `no Chromium at ${chromiumPath} (apt-get install chromium)`;
  if (!fs.existsSync(sitegen)) return `no sitegen binary at ${sitegen} (build it, or set SITEGEN_BINARY)`;
  return '';
}

// Says what is missing; under ctest (SITEGEN_SKIP_CODE set) ends the run as skipped.
export function skipWhenMissing(missing) {
  if (!missing) return;
  console.log(`skipped: ${missing}`);
  const skipCode = Number(process.env.SITEGEN_SKIP_CODE || 0);
  if (skipCode) process.exit(skipCode);
}

// The content trees every check runs on: the starter site, the starter site in the
// second built-in theme (onepageStarter) and each example. Each is a path relative to the
// repository or an absolute one: open it with path.resolve(root, dir), name it with siteName.
export function contentDirs() {
  const examples = fs.readdirSync(path.join(root, 'examples'))
    .filter((d) => fs.existsSync(path.join(root, 'examples', d, 'site.toml')))
    .sort()
    .map((d) => `examples/${d}`);
  return ['content', onepageStarter(), ...examples];
}

// A copy of content/ with `theme = "onepage"` and its paper's teaser shown (the project's
// image), so every check of the starter site also runs on the onepage theme. Made once per
// process in a temporary folder, removed when the process exits.
let onepageDir = '';
export function onepageStarter() {
  if (onepageDir) return onepageDir;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-onepage-'));
  process.on('exit', () => fs.rmSync(work, { recursive: true, force: true }));
  const dir = path.join(work, 'onepage-starter');
  fs.cpSync(path.join(root, 'content'), dir, { recursive: true });
  const edit = (file, from, to) => {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    if (!from.test(text)) throw new Error(`content/${file} has no line matching ${from}`);
    fs.writeFileSync(path.join(dir, file), text.replace(from, to));
  };
  edit('site.toml', /^theme = "scholar"$/m, 'theme = "onepage"');
  edit('publications.toml', /^# preview = .*$/m, 'preview = "projects/fastpath.png"');
  onepageDir = dir;
  return dir;
}

// A content tree's name in messages and output folders: `content`, `examples/lab`,
// `onepage-starter`.
export function siteName(content) {
  return path.isAbsolute(content) ? path.basename(content) : content;
}

// Starts `sitegen serve` on a free port and resolves `url` with the address it prints
// (bounded: 10 s); `logs()` is what it wrote so far.
export function startServer(contentDir) {
  const child = spawn(sitegen, ['serve', contentDir, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => { err += d; });
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL from sitegen serve:\n${out}${err}`)), 10000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/^serving (http:\/\/127\.0\.0\.1:\d+\/\S*)$/m);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`sitegen serve exited with ${code}:\n${out}${err}`)));
  });
  return { child, url, logs: () => out + err };
}

// Sends SIGTERM and waits (bounded) for the exit; resolves with [code, milliseconds].
export function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve([child.exitCode, 0]);
    const start = Date.now();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve([code, Date.now() - start]);
    });
    child.kill('SIGTERM');
  });
}

// Writes each `files` entry (a path relative to `dir` -> its text), making folders first.
export function writeTree(dir, files) {
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
}

// A picture `width` x `height` drawn on a canvas in `page`, as the bytes of `type`
// ('image/jpeg', 'image/png'). With `noise`, each pixel is shaded at random, as in a
// phone's photo, which makes the file as large as such a photo (3000 x 4000: about 4 MB).
export async function drawImage(page, width, height, type, { noise = false } = {}) {
  const url = await page.evaluate(([w, h, t, n]) => {
    const c = document.createElement('canvas');
    c.width = w;
    c.height = h;
    const g = c.getContext('2d');
    const grad = g.createLinearGradient(0, 0, w, h);
    grad.addColorStop(0, '#2a7');
    grad.addColorStop(1, '#37b');
    g.fillStyle = grad;
    g.fillRect(0, 0, w, h);
    for (let i = 0; i < 300; i++) {
      g.fillStyle = `hsl(${(i * 37) % 360} 60% 50%)`;
      g.fillRect((i * 97) % w, (i * 131) % h, w / 12, h / 12);
    }
    if (n) {
      const img = g.getImageData(0, 0, w, h);
      let seed = 1;
      for (let i = 0; i < img.data.length; i += 4) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const d = (seed >> 16) % 48 - 24;
        img.data[i] += d;
        img.data[i + 1] += d;
        img.data[i + 2] += d;
      }
      g.putImageData(img, 0, 0);
    }
    return c.toDataURL(t, 0.92);
  }, [width, height, type, noise]);
  return Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
}

// Builds `content` (relative to the repository, or absolute) for `baseUrl` into `outDir`.
export function buildSite(content, baseUrl, outDir) {
  execFileSync(sitegen, ['build', path.resolve(root, content), '-o', outDir, '--base-url', baseUrl,
    '--quiet'], { stdio: ['ignore', 'inherit', 'inherit'] });
}

// Every file below `dir`, as paths relative to it ('/'-separated), dotfiles included.
export function listFiles(dir, rel = '') {
  const out = [];
  for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...listFiles(dir, r));
    else out.push(r);
  }
  return out.sort();
}

const kTypes = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg',
  '.webp': 'image/webp', '.ico': 'image/x-icon', '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8', '.pdf': 'application/pdf', '.bib': 'text/plain; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8', '.json': 'application/json', '.woff2': 'font/woff2',
};

// The types GitHub Pages sends gzipped (its CDN compresses text, not images or PDFs).
const kCompressed = new Set(['.html', '.css', '.js', '.json', '.xml', '.svg', '.txt']);

// Whether an Accept-Encoding header admits gzip ("gzip", "*", not with q=0).
function acceptsGzip(header) {
  let gzip;
  let star;
  for (const part of (header || '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = !q || Number(q.slice(2)) > 0;
    if (name === 'gzip') gzip = allowed;
    else if (name === '*') star = allowed;
  }
  return gzip ?? star ?? false;
}

// Serves `dir` at http://127.0.0.1:PORT<basePath> (basePath "/" or "/repo/"). Resolves
// with { url, close() }; `url` ends in the base path.
export function serveSite(dir, basePath) {
  const notFound = () => {
    const p = path.join(dir, '404.html');
    return fs.existsSync(p) ? fs.readFileSync(p) : Buffer.from('not found');
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    let pathname;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = '';
    }
    const gzip = acceptsGzip(req.headers['accept-encoding']);
    // Sends `body` as GitHub Pages would: gzipped when it is text and the client accepts it.
    const send = (status, ext, body, headers = {}) => {
      headers['content-type'] = kTypes[ext] || 'application/octet-stream';
      if (kCompressed.has(ext)) {
        headers.vary = 'Accept-Encoding';
        if (gzip) {
          headers['content-encoding'] = 'gzip';
          body = zlib.gzipSync(body);
        }
      }
      headers['content-length'] = body.length;
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    const send404 = () => send(404, '.html', notFound());
    if (!pathname.startsWith(basePath) && pathname + '/' !== basePath) return send404();
    const rel = pathname.slice(basePath.length);
    const file = path.join(dir, rel);
    if (!file.startsWith(dir) || rel.split('/').some((s) => s.startsWith('.') && s.length > 1))
      return send404();
    let stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat && stat.isDirectory()) {
      if (!pathname.endsWith('/')) {
        res.writeHead(301, { location: pathname + '/' + url.search });
        return res.end();
      }
      return sendFile(path.join(file, 'index.html'));
    }
    return sendFile(file);

    function sendFile(f) {
      stat = fs.statSync(f, { throwIfNoEntry: false });
      if (!stat || !stat.isFile()) return send404();
      send(200, path.extname(f).toLowerCase(), fs.readFileSync(f), { 'cache-control': 'max-age=600' });
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}${basePath}`,
        close: () => new Promise((r) => server.close(r)),
      });
    });
  });
}

// Every address a page links to or loads (href, src and each srcset candidate), absolute.
export function linkedUrls(page) {
  return page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll('[href], [src], [srcset]')) {
      for (const a of ['href', 'src']) if (el.hasAttribute(a)) out.push(el.getAttribute(a));
      if (el.hasAttribute('srcset'))
        for (const c of el.getAttribute('srcset').split(',')) out.push(c.trim().split(/\s+/)[0]);
    }
    return out.map((u) => new URL(u, document.baseURI).href);
  });
}
