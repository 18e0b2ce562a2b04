#!/usr/bin/env python3
"""Edit-to-reload latency of `sitegen serve`.

For each example under examples/ and a synthetic site of 1,000 publications
(made by bench/gen_site.py), the content is copied to a
temporary folder and served on 127.0.0.1. A listener on /_sitegen/events records
when each `reload` event arrives. Then, EDITS times, the title of the first
publication (in publications.toml, or in the first .bib file where publications.toml
has no title, as on the group site examples/lab) is rewritten the way editors save
(temporary file, rename) and two times are taken from the rename:

  sse   until the `reload` event reaches the listener (what an open page waits for)
  page  until GET <base>publications/ returns the new title (polled every 2 ms)

The browser's own part (fetching and painting ~15 KB from loopback) is not in these
numbers; tests/browser/live_reload.test.mjs prints it for content/.

Python 3 standard library only. Every wait is bounded; only 127.0.0.1 is contacted.

  python3 bench/serve_latency.py [--sitegen build/sitegen] [--edits 25] [--smoke]
"""

import argparse
import http.client
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GEN_SITE = os.path.join(ROOT, "bench", "gen_site.py")
TITLE_RE = re.compile(r'^(title\s*=\s*)"[^"\n]*"', re.M)
BIB_TITLE_RE = re.compile(r'^(\s*title\s*=\s*)\{[^\n]*\},?$', re.M)


def edit_target(content):
    """The file whose first publication title the edits rewrite, and how: publications.toml
    when it has a title, else the first .bib file (a group site such as examples/lab keeps
    its papers in group.bib and only additions in publications.toml)."""
    pubs = os.path.join(content, "publications.toml")
    if os.path.exists(pubs):
        with open(pubs) as f:
            if TITLE_RE.search(f.read()):
                return pubs, lambda m, title: m.group(1) + '"' + title + '"', TITLE_RE
    for name in sorted(os.listdir(content)):
        if name.endswith(".bib"):
            path = os.path.join(content, name)
            with open(path) as f:
                if BIB_TITLE_RE.search(f.read()):
                    return path, lambda m, title: m.group(1) + "{" + title + "},", BIB_TITLE_RE
    raise RuntimeError(f"{content}: no publication title to edit (publications.toml or a .bib)")


class Server:
    """`sitegen serve CONTENT --port 0`, its URL, and its terminal lines."""

    def __init__(self, sitegen, content):
        self.proc = subprocess.Popen(
            [sitegen, "serve", content, "--port", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines = []
        self.url = None
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                break
            self.lines.append(line)
            m = re.match(r"serving http://127\.0\.0\.1:(\d+)(/\S*)", line)
            if m:
                self.port, self.base = int(m.group(1)), m.group(2)
                self.url = line.split()[1]
                break
        if not self.url:
            self.stop()
            raise RuntimeError("sitegen serve printed no URL:\n" + "".join(self.lines))
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self):
        for line in self.proc.stdout:
            self.lines.append(line)

    def build_times(self):
        return [int(m.group(1)) for l in self.lines
                for m in [re.search(r"rebuilt \d+ pages in (\d+) ms", l)] if m]

    def rss_kb(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=5)


class EventListener(threading.Thread):
    """Reads /_sitegen/events and records the arrival time of every reload event."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.conn.request("GET", "/_sitegen/events")
        self.resp = self.conn.getresponse()
        self.reloads = []
        self.cond = threading.Condition()
        self.hello = threading.Event()
        self.start()

    def run(self):
        buf = b""
        try:
            while True:
                chunk = self.resp.read1(65536)
                if not chunk:
                    return
                now = time.monotonic()
                buf += chunk
                while b"\n\n" in buf:
                    event, buf = buf.split(b"\n\n", 1)
                    if b"event: hello" in event:
                        self.hello.set()
                    if b"event: reload" in event:
                        with self.cond:
                            self.reloads.append(now)
                            self.cond.notify_all()
        except (OSError, http.client.HTTPException):
            return

    def wait_reload(self, after, timeout):
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                for t in self.reloads:
                    if t >= after:
                        return t
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self.cond.wait(left)

    def close(self):
        self.conn.close()


def save(path, text):
    tmp = path + ".tmp-save"
    with open(tmp, "w") as f:
        f.write(text)
    os.rename(tmp, path)


def measure(sitegen, content, edits):
    server = Server(sitegen, content)
    try:
        events = EventListener(server.port)
        if not events.hello.wait(10):
            raise RuntimeError("no hello on /_sitegen/events")
        page = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        path = server.base + "publications/"
        pubs, replace, title_re = edit_target(content)
        with open(pubs) as f:
            original = f.read()
        sse, seen = [], []
        for i in range(edits):
            title = f"Latency probe {i} {time.monotonic_ns()}"
            text = title_re.sub(lambda m: replace(m, title), original, count=1)
            time.sleep(0.15)  # each edit its own burst
            save(pubs, text)
            t0 = time.monotonic()
            deadline = t0 + 10
            t_page = None
            while time.monotonic() < deadline:
                page.request("GET", path)
                body = page.getresponse().read()
                if title.encode() in body:
                    t_page = time.monotonic()
                    break
                time.sleep(0.002)
            t_sse = events.wait_reload(t0, 10)
            if t_page is None or t_sse is None:
                raise RuntimeError(f"edit {i}: no reload within 10 s\n" + "".join(server.lines[-20:]))
            sse.append((t_sse - t0) * 1000)
            seen.append((t_page - t0) * 1000)
        save(pubs, original)
        page.close()
        events.close()
        time.sleep(0.2)
        builds = server.build_times()[-edits:]
        return sse, seen, builds
    finally:
        server.stop()


def row(name, pages, sse, seen, builds):
    f = lambda xs: f"{statistics.median(xs):.0f} ({min(xs):.0f}-{max(xs):.0f})"
    return f"| {name} | {pages} | {len(sse)} | {f(builds)} | {f(sse)} | {f(seen)} |"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sitegen", default=os.path.join(ROOT, "build", "sitegen"))
    ap.add_argument("--edits", type=int, default=25)
    ap.add_argument("--pubs", type=int, default=1000)
    ap.add_argument("--smoke", action="store_true",
                    help="the group site examples/lab alone, two edits: checks the script runs")
    args = ap.parse_args()
    if args.smoke:
        args.edits = 2
    sitegen = os.path.abspath(args.sitegen)
    work = tempfile.mkdtemp(prefix="sitegen-latency-")
    try:
        sites = []
        for name in sorted(os.listdir(os.path.join(ROOT, "examples"))):
            if args.smoke and name != "lab":
                continue
            dst = os.path.join(work, name)
            shutil.copytree(os.path.join(ROOT, "examples", name), dst)
            sites.append((f"examples/{name}", dst))
        if not args.smoke:
            dst = os.path.join(work, "synthetic")
            subprocess.run([sys.executable, GEN_SITE, "--pubs", str(args.pubs), "--news", "300",
                            "--talks", "100", "--out", dst], check=True, stdout=subprocess.DEVNULL)
            sites.append((f"synthetic, {args.pubs} publications", dst))
        print(f"edits per site: {args.edits}; times in ms from the rename, median (min-max)\n")
        print("| site | pages | edits | build | write to SSE reload | write to new text served |")
        print("|---|---:|---:|---:|---:|---:|")
        for name, content in sites:
            out = subprocess.run([sitegen, "check", content], capture_output=True, text=True)
            m = re.search(r"\((\d+) pages", out.stdout)
            sse, seen, builds = measure(sitegen, content, args.edits)
            print(row(name, m.group(1) if m else "?", sse, seen, builds), flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
