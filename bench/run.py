#!/usr/bin/env python3
"""sitegen vs Hugo on the same synthetic researcher sites, measured side by side.

    python3 bench/run.py                         # 50, 1000 and 10000 publications (~30 min)
    python3 bench/run.py --sizes 50,1000 --settle 5
    python3 bench/run.py --smoke                 # smallest size, 2 runs, no rests: checks the script

The sites come from bench/gen_site.py: a researcher's site in sitegen's content format
and the same data as a Hugo site with the layouts of bench/hugo/ (--shared DIR uses
DIR/gen_site.py instead, a generator with the same options). Hugo, hyperfine and GNU
time are installed from Debian when missing (--no-install: exit 77 instead).

Every measurement runs sitegen and Hugo in the same hyperfine invocation, repeated
in --rounds alternating rounds, and reports the median over all timed runs:
  memory   `sitegen check` (the whole build into memory, nothing written; the
           honest equivalent of `hugo --renderToMemory`) vs `hugo --renderToMemory`
  disk     a clean build into a new, never-used directory on the same file system
           for every run, plus the floor: `cp -r` of each tool's finished output
           into a new directory (the cost of writing those bytes at all)
  rebuild  a build over the previous build's output (the edit-rebuild loop)
  rss      GNU time %M of the disk and memory builds, alternating the tools
  bibtex   the 50-publication site with and without a 1,000-entry .bib
           generated from the 1000-publication synthetic data, and with the same
           entries in publications.toml instead (what BibTeX costs over TOML);
           measured first, before the sizes' mass deletes disturb the disk
After every mass delete the script syncs and rests (--settle), because creating
files right after deleting many is slow on some virtual disks (see bench/README.md).

Python 3 standard library only. Prints a Markdown report; raw numbers go to --json.
"""
import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SIZES = {50: (30, 15), 1000: (300, 100), 10000: (2000, 500)}  # pubs: (news, talks)
BIB_ENTRIES = 1000
SKIP = 77  # ctest's SKIP_RETURN_CODE


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def sh(cmd):
    return subprocess.run(cmd, check=True, text=True, capture_output=True).stdout


def find_sitegen(arg):
    if arg:
        return os.path.abspath(arg)
    for d in ("build-bench", "build"):
        p = os.path.join(REPO, d, "sitegen")
        if os.access(p, os.X_OK):
            return p
    return shutil.which("sitegen")


def ensure_tools(install):
    missing = [t for t in ("hugo", "hyperfine") if not shutil.which(t)]
    if not os.access("/usr/bin/time", os.X_OK):
        missing.append("time")
    if not missing:
        return True
    if not install:
        log("bench: skipped: %s not installed (apt-get install -y hugo hyperfine time)" % " ".join(missing))
        return False
    log("bench: installing %s from Debian" % " ".join(missing))
    cmd = ["apt-get", "install", "-y", "--no-install-recommends", "hugo", "hyperfine", "time"]
    if subprocess.run(cmd).returncode != 0:
        subprocess.run(["apt-get", "update"], check=True)
        subprocess.run(cmd, check=True)
    return True


def hyperfine(cmds, runs, warmup):
    """Runs the commands in one hyperfine invocation; returns one list of times per command."""
    fd, path = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    args = ["hyperfine", "--style", "none", "--warmup", str(warmup), "--runs", str(runs),
            "--export-json", path]
    subprocess.run(args + cmds, check=True, stdout=subprocess.DEVNULL)
    with open(path) as f:
        res = json.load(f)["results"]
    os.unlink(path)
    return [{"times": r["times"], "cpu": r["user"] + r["system"]} for r in res]


def rounds(cmds, a):
    """--rounds hyperfine invocations of all commands together; times pooled per command."""
    pooled = [{"times": [], "cpu": []} for _ in cmds]
    for _ in range(a.rounds):
        for acc, r in zip(pooled, hyperfine(cmds, a.runs, a.warmup)):
            acc["times"] += r["times"]
            acc["cpu"].append(r["cpu"])
    return [{"median_s": statistics.median(p["times"]), "min_s": min(p["times"]),
             "max_s": max(p["times"]), "runs": len(p["times"]),
             "cpu_s": statistics.median(p["cpu"])} for p in pooled]


def peak_rss_mib(cmds, n):
    """GNU time %M of each command, the commands alternating; median per command, MiB."""
    vals = [[] for _ in cmds]
    for _ in range(n):
        for i, cmd in enumerate(cmds):
            p = subprocess.run(["/usr/bin/time", "-f", "%M", "sh", "-c", cmd], check=True, text=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            vals[i].append(int(p.stderr.strip().splitlines()[-1]) / 1024)
    return [statistics.median(v) for v in vals]


def settle(runs_dir, seconds):
    """Deletes the fresh-directory outputs, then lets the disk settle."""
    shutil.rmtree(runs_dir, ignore_errors=True)
    subprocess.run(["sync"])
    time.sleep(seconds)
    os.makedirs(runs_dir)


def q(path):
    """A path quoted for the shell commands hyperfine runs."""
    return "'%s'" % path


def fresh_dir(runs_dir, name):
    """A new, never-used output folder for each run of a shell command."""
    return q(os.path.join(runs_dir, name)) + "-$(date +%s%N)"


def tree_stats(d):
    files, size = 0, 0
    for root, _, names in os.walk(d):
        for n in names:
            files += 1
            size += os.path.getsize(os.path.join(root, n))
    return files, size


# --------------------------------------------------------------------------
# The BibTeX case: entries from the synthetic publications, as BibTeX
# --------------------------------------------------------------------------
BIB_TYPES = {"conference": ("inproceedings", "booktitle"), "workshop": ("inproceedings", "booktitle"),
             "poster": ("inproceedings", "booktitle"), "journal": ("article", "journal"),
             "preprint": ("misc", "howpublished"), "thesis": ("phdthesis", "school"),
             "patent": ("misc", "howpublished")}


def bib_value(s):
    s = s.replace("\\", "\\textbackslash{}").replace("{", "\\{").replace("}", "\\}")
    return "{" + s.replace("&", "\\&").replace("%", "\\%").replace("$", "\\$") + "}"


def write_bib(publications_toml, path, count):
    import tomllib  # Python 3.11+, only for this case
    with open(publications_toml, "rb") as f:
        pubs = tomllib.load(f)["publication"][:count]
    out = ["%% %d entries generated by sitegen's bench/run.py from synthetic data" % len(pubs), ""]
    for p in pubs:
        kind, venue_field = BIB_TYPES.get(p["type"], ("misc", "howpublished"))
        authors = " and ".join(re.sub(r"[*\u2020\u2021]+$", "", a) for a in p["authors"])
        fields = [("title", p["title"]), ("author", authors), (venue_field, p["venue_full"]),
                  ("year", str(p["year"])), ("abstract", p["abstract"]), ("keywords", ", ".join(p["tags"]))]
        for k in ("doi", "note"):
            if k in p:
                fields.append((k, p[k]))
        if "arxiv" in p:
            fields.append(("eprint", p["arxiv"]))
        if "pdf" in p.get("links", {}):
            fields.append(("pdf", p["links"]["pdf"]))
        if "code" in p.get("links", {}):
            fields.append(("code", p["links"]["code"]))
        if p.get("selected"):
            fields.append(("selected", "true"))
        out.append("@%s{bib-%s," % (kind, p["id"]))
        out += ["  %s = %s," % (k, bib_value(v)) for k, v in fields]
        out += ["}", ""]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    return len(pubs)


def with_bibtex(content, bib_content, bib_file):
    """A copy of `content` whose site.toml names bib_file under [publications]."""
    shutil.rmtree(bib_content, ignore_errors=True)
    shutil.copytree(content, bib_content)
    shutil.copy(bib_file, os.path.join(bib_content, "refs.bib"))
    site = os.path.join(bib_content, "site.toml")
    text = open(site, encoding="utf-8").read()
    text = text.replace("[publications]\n", '[publications]\nbibtex = ["refs.bib"]\n', 1)
    open(site, "w", encoding="utf-8").write(text)


def with_imported(sitegen, content, toml_content, bib_file):
    """A copy of `content` whose publications.toml also holds bib_file's entries, as
    `sitegen import bibtex` writes them."""
    shutil.rmtree(toml_content, ignore_errors=True)
    shutil.copytree(content, toml_content)
    imported = os.path.join(toml_content, "imported.toml")
    subprocess.run([sitegen, "import", "bibtex", bib_file, "-o", imported], check=True,
                   stdout=subprocess.DEVNULL)
    with open(os.path.join(toml_content, "publications.toml"), "a", encoding="utf-8") as f:
        f.write("\n" + open(imported, encoding="utf-8").read())
    os.unlink(imported)


def bibtex_case(a, gen, sitegen):
    """The 50-publication site alone, with a 1,000-entry .bib, and with the same entries
    in publications.toml."""
    log("== BibTeX: the 50-publication site with and without %d entries from a .bib" % BIB_ENTRIES)
    src = os.path.join(a.root, "bib-source")
    subprocess.run([sys.executable, gen, "--pubs", str(BIB_ENTRIES), "--news", "1", "--talks", "1",
                    "--out", src], check=True)
    base = os.path.join(a.root, "bib")
    os.makedirs(base, exist_ok=True)
    plain = os.path.join(a.root, "n50", "content")
    if not os.path.exists(plain):
        subprocess.run([sys.executable, gen, "--pubs", "50", "--news", "30", "--talks", "15",
                        "--out", plain], check=True)
    bib_file = os.path.join(base, "refs.bib")
    entries = write_bib(os.path.join(src, "publications.toml"), bib_file, BIB_ENTRIES)
    with_bib = os.path.join(base, "content")
    with_bibtex(plain, with_bib, bib_file)
    # The same papers without BibTeX: `sitegen import bibtex` output appended to
    # publications.toml, so the difference is what reading them from the .bib costs.
    with_toml = os.path.join(base, "content-toml")
    with_imported(sitegen, plain, with_toml, bib_file)
    outs = {}
    for name, content in (("plain", plain), ("bib", with_bib)):
        outs[name] = os.path.join(base, "out-" + name)
        shutil.rmtree(outs[name], ignore_errors=True)
        subprocess.run([sitegen, "build", content, "-o", outs[name], "-q"], check=True)
    runs_dir = os.path.join(base, "runs")
    settle(runs_dir, 0)
    fresh = lambda name: fresh_dir(runs_dir, name)
    mem = rounds(["%s check %s" % (q(sitegen), q(c)) for c in (plain, with_bib, with_toml)], a)
    disk = rounds(["%s build %s -o %s -q" % (q(sitegen), q(plain), fresh("plain")),
                   "%s build %s -o %s -q" % (q(sitegen), q(with_bib), fresh("bib")),
                   "%s build %s -o %s -q" % (q(sitegen), q(with_toml), fresh("toml")),
                   "cp -r %s %s" % (q(outs["plain"]), fresh("cp-plain")),
                   "cp -r %s %s" % (q(outs["bib"]), fresh("cp-bib"))], a)
    settle(runs_dir, a.settle)
    shutil.rmtree(runs_dir, ignore_errors=True)
    bib = {"entries": entries, "bib_bytes": os.path.getsize(bib_file),
           "mem": dict(zip(("without", "with", "toml"), mem)),
           "disk": dict(zip(("without", "with", "toml", "floor_without", "floor_with"), disk))}
    log(json.dumps(bib))
    return bib


# --------------------------------------------------------------------------
def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shared", help="use DIR/gen_site.py instead of bench/gen_site.py (same options)",
                    metavar="DIR")
    ap.add_argument("--sitegen", help="sitegen binary (default: build-bench/ or build/ in the repository)")
    ap.add_argument("--root", default=os.path.join(tempfile.gettempdir(), "sitegen-bench-run"),
                    help="work folder for sites and outputs (keep it on the disk you measure)")
    ap.add_argument("--sizes", default="50,1000,10000")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds per measurement")
    ap.add_argument("--runs", type=int, default=2, help="timed runs per command per round")
    ap.add_argument("--warmup", type=int, default=1, help="warm-up runs per command per round")
    ap.add_argument("--settle", type=float, default=30, help="seconds to rest after mass deletes")
    ap.add_argument("--no-bibtex", action="store_true", help="skip the 1,000-entry BibTeX case")
    ap.add_argument("--no-install", action="store_true", help="exit 77 when a tool is missing")
    ap.add_argument("--smoke", action="store_true",
                    help="smallest size, 1 round of 2 runs, no rests, no BibTeX case")
    ap.add_argument("--json", help="write the raw numbers here")
    a = ap.parse_args()
    if a.smoke:
        a.sizes, a.rounds, a.runs, a.warmup, a.settle, a.no_bibtex = "50", 1, 2, 0, 0, True
    gen = os.path.join(a.shared, "gen_site.py") if a.shared else os.path.join(HERE, "gen_site.py")
    if not os.path.exists(gen):
        log("bench: no %s" % gen)
        return 2
    sitegen = find_sitegen(a.sitegen)
    if not sitegen:
        log("bench: no sitegen binary; build it first (cmake --build build-bench) or pass --sitegen")
        return 2
    if not ensure_tools(not a.no_install):
        return SKIP
    sizes = [int(s) for s in a.sizes.split(",") if s]  # --sizes "": only the BibTeX case
    meta = {"sitegen": sh([sitegen, "--version"]).strip(), "hugo": sh(["hugo", "version"]).strip(),
            "hyperfine": sh(["hyperfine", "--version"]).strip(), "kernel": platform.release(),
            "cpus": os.cpu_count(), "date": time.strftime("%Y-%m-%d %H:%M"),
            "loadavg_start": os.getloadavg()[0],
            "rounds": a.rounds, "runs_per_round": a.runs, "warmup": a.warmup, "settle_s": a.settle}
    # First, while the disk is quiet: the size runs leave hundreds of MB of deletes to be
    # written back, which slows the next minute of builds on some virtual disks.
    bib = None if a.no_bibtex else bibtex_case(a, gen, sitegen)
    results = []
    for n in sizes:
        news, talks = SIZES.get(n, (max(1, n // 3), max(1, n // 10)))
        base = os.path.join(a.root, "n%d" % n)
        content, hugo = os.path.join(base, "content"), os.path.join(base, "hugo")
        runs_dir = os.path.join(base, "runs")
        log("== N=%d: generating" % n)
        subprocess.run([sys.executable, gen, "--pubs", str(n), "--news", str(news), "--talks", str(talks),
                        "--out", content, "--hugo", hugo], check=True)
        sg_out, hugo_out = os.path.join(base, "sitegen-out"), os.path.join(base, "hugo-out")
        for d in (sg_out, hugo_out):
            shutil.rmtree(d, ignore_errors=True)
        # --strict: a warning (an unknown key, say) would mean the site is not the one measured.
        subprocess.run([sitegen, "build", content, "-o", sg_out, "-q", "--strict"], check=True)
        subprocess.run(["hugo", "--quiet", "-s", hugo, "-d", hugo_out], check=True)
        r = {"pubs": n, "news": news, "talks": talks}
        r["sitegen_files"], r["sitegen_bytes"] = tree_stats(sg_out)
        r["hugo_files"], r["hugo_bytes"] = tree_stats(hugo_out)
        fresh = lambda name: fresh_dir(runs_dir, name)

        log("== N=%d: into memory" % n)
        r["mem"] = dict(zip(("sitegen", "hugo"), rounds(
            ["%s check %s" % (q(sitegen), q(content)),
             "hugo --quiet --renderToMemory -s %s" % q(hugo)], a)))

        log("== N=%d: to disk, fresh directory per run, and the cp -r floor" % n)
        settle(runs_dir, a.settle)
        r["disk"] = dict(zip(("sitegen", "hugo", "floor_sitegen", "floor_hugo"), rounds(
            ["%s build %s -o %s -q" % (q(sitegen), q(content), fresh("sg")),
             "hugo --quiet -s %s -d %s" % (q(hugo), fresh("hugo")),
             "cp -r %s %s" % (q(sg_out), fresh("cp-sg")),
             "cp -r %s %s" % (q(hugo_out), fresh("cp-hugo"))], a)))
        settle(runs_dir, a.settle)

        log("== N=%d: rebuild over the previous output" % n)
        r["rebuild"] = dict(zip(("sitegen", "hugo"), rounds(
            ["%s build %s -o %s -q" % (q(sitegen), q(content), q(sg_out)),
             "hugo --quiet -s %s -d %s" % (q(hugo), q(hugo_out))], a)))
        line = sh([sitegen, "build", content, "-o", sg_out])
        m = re.search(r"(\d+) written, (\d+) unchanged", line)
        r["rebuild_written"], r["rebuild_unchanged"] = (int(m.group(1)), int(m.group(2))) if m else (None, None)

        log("== N=%d: peak RSS" % n)
        rss = peak_rss_mib(["%s build %s -o %s -q" % (q(sitegen), q(content), fresh("sg")),
                            "hugo --quiet -s %s -d %s" % (q(hugo), fresh("hugo")),
                            "%s check %s" % (q(sitegen), q(content)),
                            "hugo --quiet --renderToMemory -s %s" % q(hugo)],
                           max(3, a.rounds * a.runs))
        r["rss_mib"] = dict(zip(("sitegen_disk", "hugo_disk", "sitegen_mem", "hugo_mem"), rss))
        settle(runs_dir, a.settle)
        shutil.rmtree(runs_dir, ignore_errors=True)
        results.append(r)
        log(json.dumps(r))

    meta["loadavg_end"] = os.getloadavg()[0]
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"meta": meta, "results": results, "bibtex": bib}, f, indent=1)
    print(report(meta, results, bib))
    return 0


def report(meta, results, bib):
    def t(x):
        return "%.3f s" % x["median_s"] if x["median_s"] >= 1 else "%.0f ms" % (x["median_s"] * 1000)

    def ratio(a, b):
        return "%.1f×" % (b["median_s"] / a["median_s"])  # how many times faster sitegen is

    L = ["%s vs Hugo %s; %d rounds × %d runs per command (+%d warm-up per round), medians; "
         "load average %.1f at the start, %.1f at the end, on %d cores." % (
             meta["sitegen"], meta["hugo"].split()[1] if " " in meta["hugo"] else meta["hugo"],
             meta["rounds"], meta["runs_per_round"], meta["warmup"], meta["loadavg_start"],
             meta["loadavg_end"], meta["cpus"]), ""]
    L.append("| pubs | output files (sitegen / Hugo) | output MB (sitegen / Hugo) | into memory: sitegen | Hugo | Hugo/sitegen "
             "| to disk: sitegen | Hugo | Hugo/sitegen | cp -r floor (sitegen's output) | sitegen/floor "
             "| rebuild: sitegen | Hugo | peak RSS disk: sitegen | Hugo | Hugo/sitegen |")
    L.append("|---:" * 16 + "|")
    for r in results:
        m, d, rb, rss = r["mem"], r["disk"], r["rebuild"], r["rss_mib"]
        L.append("| %d | %d / %d | %.1f / %.1f | %s | %s | **%s** | %s | %s | **%s** | %s | **%.2f×** | %s | %s "
                 "| %.0f MiB | %.0f MiB | **%.1f×** |" % (
                     r["pubs"], r["sitegen_files"], r["hugo_files"], r["sitegen_bytes"] / 1e6,
                     r["hugo_bytes"] / 1e6, t(m["sitegen"]), t(m["hugo"]), ratio(m["sitegen"], m["hugo"]),
                     t(d["sitegen"]), t(d["hugo"]), ratio(d["sitegen"], d["hugo"]), t(d["floor_sitegen"]),
                     d["sitegen"]["median_s"] / d["floor_sitegen"]["median_s"], t(rb["sitegen"]), t(rb["hugo"]),
                     rss["sitegen_disk"], rss["hugo_disk"], rss["hugo_disk"] / rss["sitegen_disk"]))
    L.append("")
    L.append("| pubs | CPU user+sys into memory: sitegen | Hugo | peak RSS into memory: sitegen | Hugo "
             "| cp -r floor of Hugo's output | rebuild: files written / unchanged |")
    L.append("|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        L.append("| %d | %.2f s | %.2f s | %.0f MiB | %.0f MiB | %s | %s / %s |" % (
            r["pubs"], r["mem"]["sitegen"]["cpu_s"], r["mem"]["hugo"]["cpu_s"], r["rss_mib"]["sitegen_mem"],
            r["rss_mib"]["hugo_mem"], t(r["disk"]["floor_hugo"]), r["rebuild_written"], r["rebuild_unchanged"]))
    by_n = {r["pubs"]: r for r in results}
    if 1000 in by_n and 10000 in by_n:
        a, b = by_n[1000], by_n[10000]
        L.append("")
        L.append("Scaling, 1000 → 10000 publications (10× the input): sitegen into memory %.1f×, to disk %.1f×; "
                 "Hugo %.1f× and %.1f×." % (
                     b["mem"]["sitegen"]["median_s"] / a["mem"]["sitegen"]["median_s"],
                     b["disk"]["sitegen"]["median_s"] / a["disk"]["sitegen"]["median_s"],
                     b["mem"]["hugo"]["median_s"] / a["mem"]["hugo"]["median_s"],
                     b["disk"]["hugo"]["median_s"] / a["disk"]["hugo"]["median_s"]))
    if bib:
        mem, disk = bib["mem"], bib["disk"]
        ms = lambda a, b: (a["median_s"] - b["median_s"]) * 1000
        L.append("")
        L.append("BibTeX: the 50-publication site plus a %d-entry .bib (%.0f KB): into memory %s → %s "
                 "(+%.0f ms); the same %d papers in publications.toml instead: %s, so reading them from "
                 "BibTeX costs %+.0f ms over TOML. To disk %s → %s (+%.0f ms), where `cp -r` of the two "
                 "outputs takes %s → %s (+%.0f ms). The added time is mostly rendering and writing the "
                 "%d extra paper pages, .bib files and list entries, not reading the .bib." % (
                     bib["entries"], bib["bib_bytes"] / 1e3, t(mem["without"]), t(mem["with"]),
                     ms(mem["with"], mem["without"]), bib["entries"], t(mem["toml"]),
                     ms(mem["with"], mem["toml"]), t(disk["without"]), t(disk["with"]),
                     ms(disk["with"], disk["without"]), t(disk["floor_without"]), t(disk["floor_with"]),
                     ms(disk["floor_with"], disk["floor_without"]), bib["entries"]))
    return "\n".join(L)


if __name__ == "__main__":
    sys.exit(main())
