// The CommonMark spec's examples through the whole page path: each of the 652 examples
// of the npm package commonmark-spec (pinned in package.json) is the body of a page,
// pages/exNNN.md, of one site built by sitegen; the body of each built page is compared
// with the spec's HTML after the spec's own normalisation (normalize() below follows the
// rules of the spec's test/normalize.py). Every example that differs must be listed, with
// its reason, in tests/data/commonmark-differences.txt, and every example listed there
// must still differ: a fix shows up as a line to remove.
//
// Run: npm ci --prefix tests/browser && node tests/browser/commonmark.test.mjs
// (SITEGEN_BINARY names the binary; default build/sitegen). Under ctest, a missing
// prerequisite exits with SITEGEN_SKIP_CODE so the test shows as skipped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { here, root, sitegen, skipWhenMissing } from './sites.mjs';

skipWhenMissing(
  !fs.existsSync(path.join(here, 'node_modules', 'commonmark-spec'))
    ? 'commonmark-spec is not installed (run: npm ci --prefix tests/browser)'
    : !fs.existsSync(sitegen) ? `no sitegen binary at ${sitegen} (build it, or set SITEGEN_BINARY)` : '');
const spec = (await import('commonmark-spec')).default;

// ---- normalize(): the spec's normalize.py, which reads the HTML with Python's
// HTMLParser (convert_charrefs off) and writes it back:
// - runs of whitespace in text become one space, except inside <pre>;
// - whitespace next to a block-level tag is removed; after <br> a newline is dropped;
// - tag and attribute names are lowercased, attributes sorted, values written in double
//   quotes with & < > " escaped; a self-closing tag is written as a start tag;
// - character references in text become the characters, except that < > & " are written
//   as &lt; &gt; &amp; &quot;; one that cannot be decoded stays as written.
// Named references are decoded for these four only (normalize.py knows HTML 4's names):
// both sides are normalised alike, so this can only keep apart what differs in spelling.

const kBlockTags = new Set(['article', 'header', 'aside', 'hgroup', 'blockquote', 'hr', 'iframe',
  'body', 'li', 'map', 'button', 'object', 'canvas', 'ol', 'caption', 'output', 'col', 'p',
  'colgroup', 'pre', 'dd', 'progress', 'div', 'section', 'dl', 'table', 'td', 'dt', 'tbody',
  'embed', 'textarea', 'fieldset', 'tfoot', 'figcaption', 'th', 'figure', 'thead', 'footer',
  'tr', 'form', 'ul', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'video', 'script', 'style']);
const kNamed = { amp: '&', lt: '<', gt: '>', quot: '"' };

// A character reference's character, or null (Python's chr() refuses it).
function charOf(name) {
  let code;
  if (name.startsWith('x')) code = parseInt(name.slice(1), 16);
  else if (/^[0-9]+$/.test(name)) code = parseInt(name, 10);
  else return null;
  return Number.isNaN(code) || code > 0x10ffff ? null : String.fromCodePoint(code);
}

// html.unescape for attribute values, as far as kNamed goes.
function unescapeValue(v) {
  return v.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);?/g, (m, ref) => {
    if (ref[0] === '#') {
      const c = charOf(ref[1] === 'X' ? `x${ref.slice(2)}` : ref.slice(1));
      return c === null ? m : c;
    }
    return kNamed[ref] ?? m;
  });
}

const escapeValue = (v) =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const kStartTag = /^<([a-zA-Z][^\t\n\f\r />\0]*)((?:[\s/]*[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]*))?)*)\s*(\/?)>/;
const kAttr = /[\s/]*([^\s"'>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]*))?/g;

export function normalize(html) {
  let out = '';
  let last = 'starttag';
  let lastTag = '';
  let inPre = false;

  const data = (d) => {
    const afterTag = last === 'endtag' || last === 'starttag';
    const afterBlockTag = afterTag && kBlockTags.has(lastTag);
    if (afterTag && lastTag === 'br') d = d.replace(/^\n+/, '');
    if (!inPre) d = d.replace(/\s+/g, ' ');
    if (afterBlockTag && !inPre) {
      if (last === 'starttag') d = d.trimStart();
      else if (last === 'endtag') d = d.trim();
    }
    out += d;
    last = 'data';
  };
  const startTag = (tag, attrs) => {
    if (tag === 'pre') inPre = true;
    if (kBlockTags.has(tag)) out = out.trimEnd();
    out += `<${tag}`;
    attrs.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : (a[1] ?? '') < (b[1] ?? '') ? -1 : 1));
    for (const [k, v] of attrs) out += v === null ? ` ${k}` : ` ${k}="${escapeValue(v)}"`;
    out += '>';
    lastTag = tag;
    last = 'starttag';
  };
  const endTag = (tag) => {
    if (tag === 'pre') inPre = false;
    else if (kBlockTags.has(tag)) out = out.trimEnd();
    out += `</${tag}>`;
    lastTag = tag;
    last = 'endtag';
  };
  const ref = (c, fallback) => {
    out += c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : c === '"' ? '&quot;'
      : c === null ? fallback : c;
    last = 'ref';
  };

  // CDATA sections are copied as they are (normalize.py passes them by the parser).
  const cdata = /<!\[CDATA\[.*?\]\]>/g;
  let rest = '';
  const parts = [];
  let at = 0;
  for (const m of html.matchAll(cdata)) {
    parts.push([html.slice(at, m.index), m[0]]);
    at = m.index + m[0].length;
  }
  parts.push([html.slice(at), '']);

  for (const [text, verbatim] of parts) {
    const s = rest + text;
    rest = '';
    let i = 0;
    let rawEnd = null;  // inside <script> or <style>: text up to its end tag
    while (i < s.length) {
      if (rawEnd) {
        const end = s.toLowerCase().indexOf(`</${rawEnd}`, i);
        const stop = end < 0 ? s.length : end;
        if (stop > i) data(s.slice(i, stop));
        i = stop;
        rawEnd = null;
        continue;
      }
      const next = s.slice(i).search(/[&<]/);
      if (next !== 0) {
        const stop = next < 0 ? s.length : i + next;
        data(s.slice(i, stop));
        i = stop;
        continue;
      }
      const t = s.slice(i);
      let m;
      if (t[0] === '&') {
        if ((m = /^&#([0-9]+|[xX][0-9a-fA-F]+)(;|(?=[^0-9a-fA-F]))/.exec(t))) {
          ref(charOf(m[1]), `&${m[1]};`);
        } else if ((m = /^&([a-zA-Z][-.a-zA-Z0-9]*)(;|(?=[^a-zA-Z0-9]))/.exec(t))) {
          ref(kNamed[m[1]] ?? null, `&${m[1]};`);
        } else {
          m = ['&'];
          data('&');
        }
        i += m[0].length;
      } else if ((m = /^<!--([\s\S]*?)-->/.exec(t))) {
        out += `<!--${m[1]}-->`;
        last = 'comment';
        i += m[0].length;
      } else if ((m = /^<\?([\s\S]*?)>/.exec(t))) {
        out += `<?${m[1]}>`;
        last = 'pi';
        i += m[0].length;
      } else if ((m = /^<!([^-][\s\S]*?)>/.exec(t))) {
        out += `<!${m[1]}>`;
        last = 'decl';
        i += m[0].length;
      } else if ((m = /^<\/([a-zA-Z][^\t\n\f\r />]*)[^>]*>/.exec(t))) {
        endTag(m[1].toLowerCase());
        i += m[0].length;
      } else if ((m = kStartTag.exec(t))) {
        const tag = m[1].toLowerCase();
        const attrs = [];
        for (const a of m[2].matchAll(kAttr)) {
          let v = a[2] === undefined ? null : a[2];
          if (v !== null && (v[0] === '"' || v[0] === "'")) v = v.slice(1, -1);
          attrs.push([a[1].toLowerCase(), v === null ? null : unescapeValue(v)]);
        }
        startTag(tag, attrs);
        if (m[3] === '/') {
          lastTag = tag;
          last = 'endtag';
        } else if (tag === 'script' || tag === 'style') {
          rawEnd = tag;
        }
        i += m[0].length;
      } else {
        data('<');
        i += 1;
      }
    }
    out += verbatim;
  }
  return out;
}

// ---- The site: one page per example.

const examples = spec.tests.map((t) => ({
  number: t.number,
  section: t.section,
  markdown: t.markdown.replace(/→/g, '\t'),
  html: t.html.replace(/→/g, '\t'),
}));

// tests/data/commonmark-differences.txt: "NNN reason" per line, '#' starts a comment.
function acceptedDifferences() {
  const file = path.join(root, 'tests/data/commonmark-differences.txt');
  const accepted = new Map();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = line.match(/^(\d+)\s+(\S.*)$/);
    if (m) accepted.set(Number(m[1]), m[2]);
    else assert.ok(line === '' || line.startsWith('#'), `a line of ${file} is not "NNN reason": ${line}`);
  }
  return accepted;
}

// The Markdown body of a built page: what the page template puts between the title and
// the end of the article. A page's code block is focusable, as it scrolls sideways
// (`<pre tabindex="0">`): an attribute of sitegen's pages the spec does not write.
function bodyOf(page) {
  const start = page.indexOf('</h1>\n', page.indexOf('<article')) + '</h1>\n'.length;
  const end = page.lastIndexOf('\n</article>');
  return page.slice(start, end).replaceAll('<pre tabindex="0">', '<pre>');
}

test('normalize() follows the examples of normalize.py', () => {
  assert.equal(normalize('<p>a  \t b</p>'), '<p>a b</p>');
  assert.equal(normalize('<p>a  \t\nb</p>'), '<p>a b</p>');
  assert.equal(normalize(' <p>a  b</p>'), '<p>a b</p>');
  assert.equal(normalize('<p>a  b</p> '), '<p>a b</p>');
  assert.equal(normalize('\n\t<p>\n\t\ta  b\t\t</p>\n\t'), '<p>a b</p>');
  assert.equal(normalize('<i>a  b</i> '), '<i>a b</i> ');
  assert.equal(normalize('<br />'), '<br>');
  assert.equal(normalize('<a title="bar" HREF="foo">x</a>'), '<a href="foo" title="bar">x</a>');
  assert.equal(normalize('&#8704;&amp;&gt;&lt;&quot;'), '\u2200&amp;&gt;&lt;&quot;');
  // Inside <pre> whitespace is kept; raw text in <script> is data.
  assert.equal(normalize('<pre><code>a  b\n</code></pre>\n<p>x</p>'), '<pre><code>a  b\n</code></pre><p>x</p>');
  assert.equal(normalize('<script>a <b> c</script>'), '<script>a <b> c</script>');
  // A named reference beyond the four stays as written (and its `&` is escaped).
  assert.equal(normalize('<a href="&ouml;&#246;.html">'), '<a href="&amp;ouml;ö.html">');
});

test('the CommonMark spec examples, each a page built by sitegen', () => {
  assert.equal(examples.length, 652);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sitegen-commonmark-'));
  try {
    const content = path.join(dir, 'content');
    fs.mkdirSync(path.join(content, 'pages'), { recursive: true });
    fs.writeFileSync(path.join(content, 'site.toml'),
      'title = "CommonMark"\nbase_url = "https://example.org/"\n[person]\nname = "Ada Example"\n');
    for (const e of examples) {
      const name = `ex${String(e.number).padStart(3, '0')}`;
      fs.writeFileSync(path.join(content, 'pages', `${name}.md`),
        `+++\ntitle = "Example ${e.number}"\n+++\n${e.markdown}`);
    }
    const out = path.join(dir, 'public');
    // Links of the examples lead to pages the site does not have: warnings, not errors.
    execFileSync(sitegen, ['build', content, '-o', out, '--quiet'], { stdio: ['ignore', 'ignore', 'pipe'] });

    const accepted = acceptedDifferences();
    const unexpected = [];
    const fixed = [];
    let same = 0;
    for (const e of examples) {
      const name = `ex${String(e.number).padStart(3, '0')}`;
      const page = fs.readFileSync(path.join(out, name, 'index.html'), 'utf8');
      const ours = normalize(bodyOf(page));
      const theirs = normalize(e.html);
      if (ours === theirs) {
        ++same;
        if (accepted.has(e.number)) fixed.push(`example ${e.number} now matches: remove it from the list`);
      } else if (!accepted.has(e.number)) {
        unexpected.push(`example ${e.number} (${e.section}):\n--- markdown\n${e.markdown}--- spec\n${theirs}\n--- sitegen\n${ours}\n`);
      }
    }
    console.log(`${same} of ${examples.length} examples match; ${accepted.size} differences are listed`);
    assert.deepEqual(unexpected, []);
    assert.deepEqual(fixed, []);
    assert.equal(same + accepted.size, examples.length);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
