#!/usr/bin/env python3
"""A synthetic researcher homepage for the benchmark, in sitegen's content format
(docs/content-format.md), and the same data as a Hugo site (bench/hugo_site.py).

    python3 bench/gen_site.py --pubs 1000 --news 300 --talks 100 --out /tmp/n1000/content \\
                              --hugo /tmp/n1000/hugo

The site has what a researcher's site has, at any size: PUBS publications (3-12 authors
with markers and the person among them under her name or an alias, venue, year, type,
status, tags, links, doi/arXiv ids, a Markdown abstract of about 100-140 words, a few
awards and notes, selected papers), NEWS news items, TALKS talks given 1-3 times each, a
CV of six sections, a bio, three pages and a photo. Python 3 standard library only; the
output depends on the arguments alone (one seeded random generator, lists in a fixed
order, no clock). --out and --hugo folders are replaced.
"""
import argparse
import datetime
import os
import random
import shutil
import struct
import sys
import unicodedata
import zlib

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
import hugo_site  # noqa: E402

GIVEN = ["Aino", "Bilal", "Carmen", "Dmitri", "Eun-ji", "Farid", "Greta", "Hamid", "Ingrid",
         "Jakub", "Kenji", "Leonie", "Malik", "Nora", "Oskar", "Pilar", "Quentin", "Rania",
         "Sven", "Tariq", "Ursula", "Valentina", "Wen", "Xiomara", "Yusuf", "Zdeněk", "Žaneta",
         "Aurélien", "Bogdan", "Chiara", "Dae-ho", "Elif", "François", "Gökhan", "Hyun-woo",
         "Ilse", "Joaquín", "Kateřina", "Linnea", "Mehmet", "Niamh", "Orla", "Paweł", "Rui"]
FAMILY = ["Andersson", "Baptiste", "Chowdhury", "Dvořák", "Eriksen", "Fischer", "Gallo",
          "Horvat", "Ibrahim", "Jovanović", "Kaur", "Lindqvist", "Moreau", "Nakashima",
          "Olsen", "Petrović", "Quispe", "Rahman", "Szabó", "Takahashi", "Uribe", "Virtanen",
          "Weiß", "Yilmaz", "Zając", "Ahn", "Bergström", "Cardoso", "Delacroix", "Esposito",
          "Fonseca", "Grünewald", "Haugen", "Iyer", "Kowalczyk", "Laurent", "Mendoza", "Ng"]

PERSON = {"name": "Sofia Varga", "native_name": "Varga Zsófia",
          "aliases": ["S. Varga", "Varga, Sofia"]}

# type: (weight, [(short venue, full venue)])
TYPES = {
    "conference": (52, [("SIGMOD", "ACM SIGMOD International Conference on Management of Data"),
                        ("VLDB", "International Conference on Very Large Data Bases"),
                        ("PLDI", "ACM SIGPLAN Conference on Programming Language Design and Implementation"),
                        ("OOPSLA", "Object-Oriented Programming, Systems, Languages and Applications"),
                        ("CGO", "International Symposium on Code Generation and Optimization"),
                        ("CIDR", "Conference on Innovative Data Systems Research"),
                        ("ICDE", "IEEE International Conference on Data Engineering"),
                        ("EuroSys", "European Conference on Computer Systems"),
                        ("FAST", "USENIX Conference on File and Storage Technologies"),
                        ("CC", "International Conference on Compiler Construction")]),
    "journal": (15, [("TODS", "ACM Transactions on Database Systems"),
                     ("TOPLAS", "ACM Transactions on Programming Languages and Systems"),
                     ("VLDBJ", "The VLDB Journal"),
                     ("TKDE", "IEEE Transactions on Knowledge and Data Engineering")]),
    "workshop": (11, [("DaMoN", "International Workshop on Data Management on New Hardware"),
                      ("HotStorage", "Workshop on Hot Topics in Storage and File Systems"),
                      ("LCTES", "Languages, Compilers, Tools and Theory of Embedded Systems")]),
    "preprint": (10, [("arXiv", "arXiv preprint")]),
    "poster": (6, [("SIGMOD Demo", "ACM SIGMOD Demonstration Track"),
                   ("SRC@PLDI", "PLDI Student Research Competition")]),
    "patent": (4, [("EP Patent", "European Patent Office")]),
    "thesis": (1, [("Dissertation", "Eötvös Loránd University")]),
}

PREFIX = ["Qu", "Vel", "Stra", "Ar", "Mo", "Lum", "Pe", "Cor", "Dra", "Fen", "Hal", "Tes"]
SUFFIX = ["ill", "ox", "ane", "ita", "os", "ix", "era", "um", "ock", "ade", "yn", "ast"]
QUALITY = ["Adaptive", "Vectorized", "Incremental", "Learned", "Compiled", "Robust",
           "Worst-Case Optimal", "Cache-Conscious", "Lock-Free", "Verified", "Zero-Copy",
           "Cost-Based", "Out-of-Core", "Elastic", "Approximate", "Type-Directed"]
TASK = ["Query Compilation", "Join Processing", "Index Maintenance", "Transaction Scheduling",
        "Cardinality Estimation", "Garbage Collection", "Register Allocation", "Log Replay",
        "Stream Processing", "Schema Evolution", "Code Specialization", "Compaction"]
TARGET = ["Main-Memory Databases", "Disaggregated Storage", "Persistent Memory",
          "Columnar Engines", "Multi-Tenant Clouds", "GPU Query Engines", "Dataframe Libraries",
          "Embedded Devices", "Key-Value Stores", "Graph Databases", "WebAssembly Runtimes"]
PAIN = ["unpredictable tail latency", "redundant data movement", "brittle cost models",
        "lock contention under skew", "costly recompilation", "write amplification",
        "interpretation overhead"]
SHORTCOMING = ["tune their knobs by hand", "assume uniform data distributions",
               "pay for generality on every tuple", "serialize all writes through one log",
               "discard what earlier queries learned"]
IDEA = ["specializes operators to the data it observes at run time",
        "splits each plan into *morsels* that any core may steal",
        "keeps a **shadow index** that absorbs writes in batches",
        "generates code once and patches it in place",
        "learns a compact model of each column's distribution",
        "replaces locks with optimistic version checks"]
SYSTEMS = ["DuckDB", "PostgreSQL", "LLVM", "RocksDB", "Apache Arrow", "GraalVM", "SQLite"]
GAIN = ["throughput", "scan bandwidth", "cache hit rate", "queries per dollar"]
COST = ["query latency", "compile time", "memory footprint", "tail latency", "energy use"]
AWARDS = ["Best Paper Award", "Best Artifact Award", "Reproducibility Badge",
          "Test of Time Award", "Best Demo Award"]
NOTES = ["Extended version in *TODS*", "Invited to the **special issue**",
         "Artifact on [Zenodo](https://zenodo.org/)", "Short paper", "Vision track"]
TAGS = ["query processing", "compilers", "indexing", "transactions", "storage",
        "learned systems", "GPU", "streaming", "verification", "cloud"]
HOSTS = ["Databricks", "CWI Amsterdam", "TU Munich Database Group", "EPFL DIAS Lab",
         "Google Research", "Snowflake", "University of Waterloo", "Dagstuhl Seminar",
         "MPI-SWS", "Huawei Research", "CMU Database Group", "ETH Zürich"]
PLACES = ["Amsterdam, Netherlands", "Munich, Germany", "Lausanne, Switzerland",
          "Santiago, Chile", "Berlin, Germany", "Budapest, Hungary", "Online",
          "Waterloo, Canada", "Pittsburgh, PA, USA", "Kyoto, Japan"]


def ascii_word(text):
    """Lowercase ASCII letters only: the accents of a name dropped, for ids."""
    folded = {"ł": "l", "ø": "o", "ß": "ss", "đ": "d"}
    out = []
    for ch in unicodedata.normalize("NFKD", text.lower()):
        ch = folded.get(ch, ch)
        out.append("".join(c for c in ch if "a" <= c <= "z"))
    return "".join(out)


def people(rng, count):
    names = []
    while len(names) < count:
        n = rng.choice(GIVEN) + " " + rng.choice(FAMILY)
        if n not in names:
            names.append(n)
    return names


def abstract(rng, system):
    idea, other_idea = rng.sample(IDEA, 2)
    s = ["%s on %s suffers from %s." % (rng.choice(TASK), rng.choice(TARGET).lower(), rng.choice(PAIN)),
         "Today's engines %s, and lose up to %d%% of their time to it." % (
             rng.choice(SHORTCOMING), rng.randint(15, 70)),
         "This paper presents **%s**, which %s." % (system, idea),
         "Unlike prior work, %s also %s, without ~~manual tuning~~ any tuning by the user." % (
             system, other_idea),
         "We built %s inside `%s` and ran it on %d workloads, including TPC-H at scale factor %d." % (
             system, rng.choice(SYSTEMS), rng.randint(4, 40), rng.choice([10, 30, 100, 1000])),
         "It improves %s by %.1f\u00d7 on average and cuts %s by %d%%." % (
             rng.choice(GAIN), rng.uniform(1.2, 12.0), rng.choice(COST), rng.randint(10, 80))]
    more = ["The analysis holds for *any* input that fits the model of Section 4.",
            "An ablation study credits most of the gain to the part that %s." % rng.choice(IDEA),
            "Each rewrite costs $O(k \\log n)$ for a plan of $k$ operators over $n$ rows.",
            "We also report where %s does not help: very small inputs." % system]
    rng.shuffle(more)
    s[5:5] = more[:rng.randint(1, 3)]
    s.append("Source code: <https://code.example.net/%s>." % system.lower())
    if rng.random() < 0.3:
        half = len(s) // 2
        return " ".join(s[:half]) + "\n\n" + " ".join(s[half:])
    return " ".join(s)


def publication(rng, year, coauthors, taken):
    kinds = list(TYPES)
    kind = rng.choices(kinds, [TYPES[k][0] for k in kinds])[0]
    short, full = rng.choice(TYPES[kind][1])
    system = rng.choice(PREFIX) + rng.choice(SUFFIX) + rng.choice(["", "DB", "JIT", "X"])
    title = rng.choice(["%s: %s %s for %s", "%s: Towards %s %s on %s", "%s, or %s %s in %s"]) % (
        system, rng.choice(QUALITY), rng.choice(TASK), rng.choice(TARGET))
    if rng.random() < 0.2:
        title = "%s %s for %s Revisited" % (rng.choice(QUALITY), rng.choice(TASK), rng.choice(TARGET))
    authors = rng.sample(coauthors, rng.randint(2, 11))
    me = PERSON["name"] if rng.random() < 0.75 else PERSON["aliases"][0]
    authors.insert(rng.choice([0, 0, 1, 1, 2, len(authors)]), me)
    if rng.random() < 0.2:
        for i in range(2):
            authors[i] += "*"
    if rng.random() < 0.12:
        authors[-1] += "\u2020"
    if rng.random() < 0.1:
        authors[rng.randrange(1, len(authors))] += "\u2021"
    pid = "%s%d%s" % (ascii_word(authors[0].rstrip("*\u2020\u2021").split()[-1]), year, ascii_word(system))
    base, n = pid, 1
    while pid in taken:
        n += 1
        pid = "%s-%d" % (base, n)
    taken.add(pid)
    p = {"id": pid, "title": title, "authors": authors,
         "venue": short if kind in ("preprint", "patent", "thesis") else "%s '%02d" % (short, year % 100),
         "venue_full": full, "year": year, "type": kind,
         "status": ("under-review" if kind == "preprint" else "accepted" if year >= 2026 else "published")}
    r = rng.random()
    if r < 0.02:
        p["award"] = rng.choice(AWARDS)
    elif r < 0.03:
        p["award"] = rng.sample(AWARDS, 2)
    if rng.random() < 0.05:
        p["note"] = rng.choice(NOTES)
    p["tags"] = rng.sample(TAGS, rng.randint(1, 3))
    p["abstract"] = abstract(rng, system)
    if kind in ("conference", "journal", "workshop") and rng.random() < 0.5:
        p["doi"] = "10.1145/%d.%d" % (3500000 + rng.randrange(99999), rng.randrange(10000))
    if kind == "preprint" or rng.random() < 0.2:
        p["arxiv"] = "%02d%02d.%05d" % (year % 100, rng.randint(1, 12), rng.randrange(100000))
    links = {"pdf": "https://pdf.example.net/%s.pdf" % pid}
    for label, chance in (("code", 0.45), ("slides", 0.25), ("video", 0.12)):
        if rng.random() < chance:
            links[label] = "https://%s.example.net/%s" % (label, pid)
    p["links"] = links
    return p


def make_data(seed, n_pubs, n_news, n_talks):
    rng = random.Random(seed)
    coauthors = people(rng, 240)
    years = sorted((rng.randint(2009, 2026) for _ in range(n_pubs)), reverse=True)
    taken = set()
    pubs = [publication(rng, y, coauthors, taken) for y in years]
    for i in sorted(rng.sample(range(n_pubs), min(8, max(1, n_pubs // 6))) if n_pubs else []):
        pubs[i]["selected"] = True
    day = datetime.date(2026, 5, 1)
    news = []
    for _ in range(n_news):
        day -= datetime.timedelta(days=rng.randint(1, 12))
        p = rng.choice(pubs) if pubs else {"title": "a new project", "venue": "", "id": ""}
        item = {"date": day, "text": rng.choice([
            "Our paper *%s* was accepted at **%s**." % (p["title"], p["venue"]),
            "Gave a talk about `%s` at %s." % (p["title"].split(":")[0], rng.choice(HOSTS)),
            "Welcome to %s, who joins the group as a Ph.D. student!" % rng.choice(coauthors),
            "Serving on the program committee of %s." % rng.choice(TYPES["conference"][1])[0]])}
        if rng.random() < 0.3:
            item["link"] = "publications/%s/" % p["id"] if p["id"] else "https://example.net/"
        news.append(item)
    talks = []
    for _ in range(n_talks):
        p = rng.choice(pubs) if pubs else {"title": "Research overview", "id": "overview"}
        t = {"title": p["title"]}
        if rng.random() < 0.5:
            t["slides"] = "https://slides.example.net/%s.pdf" % p["id"]
        given = []
        for _ in range(rng.randint(1, 3)):
            y, m, d = rng.randint(2012, 2026), rng.randint(1, 12), rng.randint(1, 28)
            when = rng.choice([datetime.date(y, m, d), "%d-%02d" % (y, m),
                               "%d-%02d-%02d" % (y, m, d), "%d" % y])
            given.append({"event": rng.choice(HOSTS), "location": rng.choice(PLACES), "date": when})
        t["given"] = given
        talks.append(t)
    return pubs, news, talks, cv_sections(rng, coauthors)


def cv_sections(rng, coauthors):
    sections = [
        {"title": "Positions", "entry": [
            {"what": "Assistant Professor", "where": "Eötvös Loránd University", "location": "Budapest",
             "start": "2023-09", "end": "present",
             "details": "- Leads the **Data Systems Lab**\n- Teaches database internals"},
            {"what": "Postdoctoral Researcher", "where": "CWI Amsterdam", "location": "Amsterdam",
             "start": "2021-02", "end": "2023-08", "details": "Query compilation for `DuckDB`."}]},
        {"title": "Education", "entry": [
            {"what": "Ph.D. in Computer Science", "where": "TU Munich", "start": "2016", "end": "2021",
             "details": "Thesis: *Adaptive Code Generation for Analytical Queries*"},
            {"what": "M.Sc. in Computer Science", "where": "Budapest University of Technology",
             "start": "2014", "end": "2016"}]},
        {"title": "Awards", "style": "compact",
         "entry": [{"what": rng.choice(AWARDS), "where": rng.choice(TYPES["conference"][1])[0],
                    "date": str(y)} for y in range(2025, 2015, -1)]},
        {"title": "Service", "style": "compact",
         "entry": [{"what": rng.choice(["Program Committee", "Reviewer", "Artifact Evaluation"]),
                    "where": rng.choice(TYPES["conference"][1])[1], "date": str(y)}
                   for y in range(2025, 2017, -1)]},
        {"title": "Teaching", "entry": [
            {"what": "Database Systems (lecturer)", "where": "ELTE", "date": "2024-02",
             "details": "Labs on *query optimization* and **indexing**."},
            {"what": "Compiler Construction (teaching assistant)", "where": "TU Munich", "date": "2018-10"}]},
        {"title": "Students", "entry": [
            {"what": rng.choice(coauthors), "where": rng.choice(["Ph.D.", "M.Sc.", "B.Sc."]) + ", ELTE",
             "start": "%d-09" % (2019 + i), "end": rng.choice(["present", "%d-07" % (2022 + i)])}
            for i in range(6)]},
    ]
    return sections


# --------------------------------------------------------------------------
# TOML: only what this data holds (strings, integers, booleans, dates, arrays of those)
# --------------------------------------------------------------------------
def toml_value(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, datetime.date)):
        return str(v)
    if isinstance(v, list):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if "\n" in v and "'" * 3 not in v:
        return "'''\n" + v + "'''"  # a literal string: backslashes (math) stay as written
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def toml_key(k):
    bare = k.isascii() and all(c.isalnum() or c in "-_" for c in k)
    return k if bare else toml_value(k)


def toml_table(header, fields):
    """`header` and the fields that are not tables or lists of tables, in their order."""
    lines = [header]
    for k, v in fields.items():
        if not isinstance(v, dict) and not (isinstance(v, list) and v and isinstance(v[0], dict)):
            lines.append("%s = %s" % (toml_key(k), toml_value(v)))
    return lines


def toml_entries(name, entries, child=None):
    """[[name]] per entry; with `child`, each entry's [name.child] table or [[name.child]] items."""
    lines = []
    for e in entries:
        lines += toml_table("[[%s]]" % name, e)
        if child and isinstance(e.get(child), dict):
            lines += toml_table("[%s.%s]" % (name, child), e[child])
        elif child:
            for c in e.get(child, []):
                lines += toml_table("[[%s.%s]]" % (name, child), c)
        lines.append("")
    return "\n".join(lines)


SITE = """title = "{name}"
base_url = "https://example.org/"
language = "en"
description = "{name} builds data systems and the compilers inside them."

[person]
name = "{name}"
native_name = "{native}"
aliases = ["S. Varga", "Varga, Sofia"]
position = "Assistant Professor"
affiliation = "Eötvös Loránd University"
address = ["Pázmány Péter sétány 1/C", "1117 Budapest, Hungary"]
email = "sofia.varga@example.org"
phone = "+36 1 555 0100"
photo = "photo.png"
interests = ["Query compilation", "Storage engines", "Learned database components"]

[person.links]
scholar = "https://scholar.google.com/citations?user=SYNTHETIC"
github = "https://github.com/example"
dblp = "https://dblp.org/pid/00/0001.html"
orcid = "https://orcid.org/0000-0000-0000-0001"
mastodon = "https://example.social/@varga"

[publications]
group_by = "type"

[publications.markers]
"*" = "Equal contribution"
"\u2020" = "Corresponding author"
"\u2021" = "Student I advised"

[nav]
items = ["publications", "talks", "news", "cv"]
"""

BIO = """I am an **assistant professor** at [ELTE](https://www.elte.hu/), where I lead the Data
Systems Lab. I work on *query engines that compile themselves*: code generation, adaptive
execution and the storage layers underneath them.

My systems run inside two open-source databases, and ~~one~~ three companies ship them.

> I am recruiting Ph.D. students for Fall 2026; see [how to join](/join/).

Before ELTE I was a postdoc at CWI Amsterdam, and I received my Ph.D. from TU Munich.
"""

PAGES = {
    "teaching": """+++
title = "Teaching"
nav = true
order = 40
+++
| Term | Course | Role | Students |
|------|--------|------|---------:|
| Spring 2026 | Database Systems | Lecturer | 210 |
| Fall 2025 | *Compiler Construction* | Lecturer | 95 |
| Spring 2025 | Seminar on Query Engines | Lecturer | 18 |

Slides and exercises are at <https://teaching.example.net/>. Office hours: **Wed 10-12**.
""",
    "join": """+++
title = "Join the lab"
nav = true
order = 50
+++
## Ph.D. positions

- Fully funded, four years, in **Budapest**
- Topics: query compilation, storage, learned components

## Before you write

1. Read two of our recent papers.
2. Send a CV and ~~a cover letter~~ one paragraph about a system you built.
""",
    "software": """+++
title = "Software"
nav = false
order = 60
+++
# Open-source systems

```sql
SELECT l_returnflag, sum(l_extendedprice) FROM lineitem GROUP BY l_returnflag;
```

Every prototype is at https://github.com/example. The optimizer runs in $O(2^n)$ for $n$
joins, so plans above 12 joins fall back to a greedy order.
""",
}


def png(size=128):
    """A square gradient image, for the photo."""
    rows = b"".join(b"\0" + bytes(v for x in range(size) for v in (x * 2 % 256, y * 2 % 256, 140))
                    for y in range(size))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def content_files(pubs, news, talks, cv):
    """The sitegen content folder, as relative path -> text or bytes."""
    files = {
        "site.toml": SITE.format(name=PERSON["name"], native=PERSON["native_name"]),
        "bio.md": BIO,
        "publications.toml": "# %d synthetic publications (bench/gen_site.py)\n\n" % len(pubs) +
                             toml_entries("publication", pubs, "links"),
        "news.toml": toml_entries("news", news),
        "talks.toml": toml_entries("talk", talks, "given"),
        "cv.toml": toml_entries("section", cv, "entry"),
        "static/photo.png": png(),
    }
    for name, text in PAGES.items():
        files["pages/%s.md" % name] = text
    return files


def write_tree(root, files):
    """Replaces `root` with exactly `files` (relative path -> str or bytes)."""
    shutil.rmtree(root, ignore_errors=True)
    for rel, data in files.items():
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode("utf-8"))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pubs", type=int, required=True)
    ap.add_argument("--news", type=int, required=True)
    ap.add_argument("--talks", type=int, required=True)
    ap.add_argument("--out", help="the sitegen content folder to write (replaced)")
    ap.add_argument("--hugo", help="the Hugo site to write from the same data (replaced)")
    ap.add_argument("--seed", type=int, default=17)
    a = ap.parse_args()
    if not a.out and not a.hugo:
        ap.error("nothing to write: give --out, --hugo or both")
    pubs, news, talks, cv = make_data(a.seed, a.pubs, a.news, a.talks)
    files = content_files(pubs, news, talks, cv)
    if a.out:
        write_tree(a.out, files)
    if a.hugo:
        write_tree(a.hugo, hugo_site.files(PERSON, pubs, files, PAGES, toml_table))
    return 0


if __name__ == "__main__":
    sys.exit(main())
