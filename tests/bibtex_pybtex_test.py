#!/usr/bin/env python3
"""Every .bib sitegen writes, read by another BibTeX implementation (Debian's pybtex).

Builds content/, every example and a site of titles with math and LaTeX specials, then
parses each paper's .bib and /publications.bib with pybtex in strict mode (an error or
a warning fails the test), and checks what a reader of that BibTeX gets:
  - the Cite box of each paper's page holds the paper's .bib, byte for byte;
  - every `$...$` its title shows as math is in pybtex's title as it is;
  - the math site's titles are exactly the BibTeX expected (math unchanged, `&`, `%`,
    `#` and `_` escaped outside math only), and its names are in one Unicode form.

Usage: bibtex_pybtex_test.py SITEGEN_BINARY. Exits 77 (skipped) without pybtex
(apt-get install python3-pybtex): run it with the Python that has it, /usr/bin/python3
on Debian.
"""
import html
import html.parser
import os
import re
import subprocess
import sys
import tempfile
import unicodedata
import warnings

try:
    import pybtex.errors
    from pybtex.database.input import bibtex as pybtex_bibtex
except ImportError:
    print("skipped: pybtex is not installed (apt-get install python3-pybtex)")
    sys.exit(77)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))

# The math site: titles as publications.toml holds them, and the BibTeX title expected.
MATH_TITLES = [
    (r"Adam Converges at Rate $\mathcal{O}(\log T/\sqrt{T})$ Under Heavy-Tailed Gradient Noise",
     r"Adam Converges at Rate $\mathcal{O}(\log T/\sqrt{T})$ Under {Heavy-Tailed} Gradient Noise"),
    (r"Q&A on $x_{1} \& y_2$: 50% of $\#\mathsf{P}$ in snake_case, $50\%$ of C#",
     r"{Q\&A} on $x_{1} \& y_2$: 50\% of $\#\mathsf{P}$ in snake\_case, $50\%$ of C\#"),
    (r"$k$-NN for $n \ge 10$ Users, at $5 or $10",
     r"{$k$-NN} for $n \ge 10$ Users, at \$5 or \$10"),
    (r"Sums $$\sum_{i=1}^{n} x_i$$ and Sets $\{a, b\}$ in $O(n \log n)$ Time",
     r"Sums $$\sum_{i=1}^{n} x_i$$ and Sets $\{a, b\}$ in $O(n \log n)$ Time"),
]
# "Nguyễn" written with nested LaTeX accents, and pasted decomposed into TOML.
NGUYEN = "Nguy\u1ec5n"


def toml_string(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_math_site(path):
    os.makedirs(path)
    with open(os.path.join(path, "site.toml"), "w", encoding="utf-8") as f:
        f.write('title = "Math"\n[person]\nname = "Van An Nguye\u0302\u0303n"\n'
                '[publications]\nbibtex = ["papers.bib"]\n')
    with open(os.path.join(path, "papers.bib"), "w", encoding="utf-8") as f:
        f.write("@article{nguyen2024,\n  author = {Nguy{\\~{\\^e}}n, Van An and Zo{\\\"e} Example},\n"
                "  title = {Heavy Tails in {$\\ell_1$} Recovery},\n  journal = {J}, year = 2024,\n}\n")
    with open(os.path.join(path, "publications.toml"), "w", encoding="utf-8") as f:
        for i, (title, _) in enumerate(MATH_TITLES):
            f.write("[[publication]]\nid = \"m%d\"\ntitle = %s\nauthors = [\"Van An Nguye\u0302\u0303n\", "
                    "\"Ada Example\"]\nyear = 2024\nvenue = \"Journal of R&D, 100%% #1_x\"\n"
                    "type = \"journal\"\n\n" % (i, toml_string(title)))


class CiteBox(html.parser.HTMLParser):
    """The text of <code id="bibtex"> and of the title's math elements."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.bibtex = None
        self.title_math = []
        self._in_code = False
        self._in_h1 = False
        self._math_depth = 0
        self._math = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "code" and a.get("id") == "bibtex":
            self._in_code, self.bibtex = True, ""
        elif tag == "h1":
            self._in_h1 = True
        elif self._in_h1 and tag == "span" and "math" in (a.get("class") or "").split():
            self._math_depth, self._math = 1, ""
        elif self._math_depth and tag == "span":
            self._math_depth += 1

    def handle_endtag(self, tag):
        if tag == "code" and self._in_code:
            self._in_code = False
        elif tag == "h1":
            self._in_h1 = False
        elif tag == "span" and self._math_depth:
            self._math_depth -= 1
            if not self._math_depth:
                self.title_math.append(self._math)

    def handle_data(self, data):
        if self._in_code:
            self.bibtex += data
        if self._math_depth:
            self._math += data


def parse_bib(path, failures):
    """The entries of a .bib, or None; pybtex's errors and warnings are failures."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            return pybtex_bibtex.Parser().parse_string(text).entries, text
    except Exception as e:  # pybtex raises its own error classes in strict mode
        failures.append("%s: pybtex: %s: %s" % (path, type(e).__name__, e))
        return None, text


def check_site(name, out, failures):
    """Checks one built site; returns {key: pybtex title} of its papers."""
    bibs = sorted(os.path.join(d, f) for d, _, files in os.walk(out) for f in files
                  if f.endswith(".bib"))
    if os.path.join(out, "publications.bib") not in bibs:
        failures.append("%s: no publications.bib" % name)
    titles = {}
    papers = 0
    for path in bibs:
        entries, text = parse_bib(path, failures)
        if entries is None:
            continue
        rel = os.path.relpath(path, out)
        if rel == "publications.bib":
            for key, e in entries.items():
                titles[key] = e.fields.get("title", "")
            continue
        papers += 1
        if len(entries) != 1:
            failures.append("%s: %d entries, not one" % (rel, len(entries)))
            continue
        (key, entry), = entries.items()
        page = os.path.join(os.path.dirname(path), "index.html")
        if not os.path.exists(page):
            continue  # a .bib the site itself publishes (static/)
        box = CiteBox()
        with open(page, encoding="utf-8") as f:
            box.feed(f.read())
        if box.bibtex != text:
            failures.append("%s: the Cite box is not the .bib:\n%s\n---\n%s" % (rel, box.bibtex, text))
        title = entry.fields.get("title", "")
        for tex in box.title_math:
            if "$" + tex + "$" not in title:
                failures.append("%s: the page's math $%s$ is not in the BibTeX title %r" % (rel, tex, title))
        for field, value in list(entry.fields.items()) + [
                (role, str(p)) for role, people in entry.persons.items() for p in people]:
            if unicodedata.normalize("NFC", value) != value:
                failures.append("%s: %s is not in NFC: %r" % (rel, field, value))
    if papers == 0:
        failures.append("%s: no paper .bib files" % name)
    print("%s: %d .bib files, %d papers" % (name, len(bibs), papers))
    return titles


def main():
    sitegen = os.path.abspath(sys.argv[1])
    pybtex.errors.set_strict_mode(True)
    failures = []
    with tempfile.TemporaryDirectory() as work:
        sites = [("content", os.path.join(ROOT, "content"))]
        for d in sorted(os.listdir(os.path.join(ROOT, "examples"))):
            if os.path.exists(os.path.join(ROOT, "examples", d, "site.toml")):
                sites.append(("examples/" + d, os.path.join(ROOT, "examples", d)))
        write_math_site(os.path.join(work, "math"))
        sites.append(("math site", os.path.join(work, "math")))
        for name, src in sites:
            out = os.path.join(work, "out", name.replace("/", "_").replace(" ", "_"))
            subprocess.run([sitegen, "build", src, "-o", out, "--quiet"], check=True)
            titles = check_site(name, out, failures)
            if name != "math site":
                continue
            for i, (_, expected) in enumerate(MATH_TITLES):
                got = titles.get("m%d" % i)
                if got != expected:
                    failures.append("math site: m%d: title\n  %r, expected\n  %r" % (i, got, expected))
            got = titles.get("nguyen2024")
            if got != r"Heavy Tails in $\ell_1$ Recovery":
                failures.append("math site: nguyen2024: title %r" % got)
            with open(os.path.join(out, "publications.bib"), encoding="utf-8") as f:
                text = f.read()
            if "author  = {%s, Van An and Example, Zoë}" % NGUYEN not in text:
                failures.append("math site: publications.bib lacks the composed %s:\n%s" % (NGUYEN, text))
    for f in failures:
        print("FAIL: " + f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
