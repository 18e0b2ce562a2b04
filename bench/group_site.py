#!/usr/bin/env python3
"""A group site against a personal site on the same bibliography.

Writes one .bib of N entries (default 10,000) whose authors are drawn from M members
(default 200, each written by name or an alias) and outsiders, then builds it twice
with sitegen: as a group site (every member highlighted, a page per member) and as the
personal site of one of them. Prints the best of R runs of each and their ratio.
Python 3 standard library only; the same arguments give the same files.

    python3 bench/group_site.py --sitegen build/sitegen [--pubs 10000] [--members 200]
"""
import argparse
import os
import random
import shutil
import subprocess
import tempfile
import time

FIRST = ["Ana", "Bo", "Chen", "Dara", "Eli", "Femi", "Gita", "Hugo", "Ines", "Jun", "Kai",
         "Lena", "Mira", "Nils", "Omar", "Pia", "Quinn", "Rosa", "Sami", "Tara"]
LAST = ["Abe", "Berg", "Costa", "Diaz", "Eng", "Fox", "Gul", "Holm", "Ito", "Jain", "Kova",
        "Lund", "Moss", "Nagy", "Orr", "Park", "Qiu", "Roy", "Sato", "Toth"]


def write_sites(root, pubs, members, seed):
    rnd = random.Random(seed)
    people = []
    seen = set()
    while len(people) < members:
        first, last = rnd.choice(FIRST), rnd.choice(LAST) + rnd.choice(LAST).lower()
        if (first, last) in seen:
            continue
        seen.add((first, last))
        people.append((first, last))
    outsiders = [(rnd.choice(FIRST), rnd.choice(LAST) + "x" + str(i)) for i in range(2000)]
    entries = []
    for i in range(pubs):
        names = []
        for f, l in rnd.sample(people, rnd.randint(1, 4)):
            form = rnd.randrange(3)
            names.append(f"{f} {l}" if form == 0 else f"{f[0]}. {l}" if form == 1 else f"{l}, {f}")
        names += [f"{f} {l}" for f, l in rnd.sample(outsiders, rnd.randint(0, 6))]
        rnd.shuffle(names)
        entries.append(f"@inproceedings{{p{i},\n  author = {{{' and '.join(names)}}},\n"
                       f"  title = {{Paper number {i} on topic {i % 97}}},\n"
                       f"  booktitle = {{Proceedings of Venue {i % 31}}},\n"
                       f"  year = {{{2000 + i % 26}}},\n}}\n")
    bib = "\n".join(entries)
    group, personal = os.path.join(root, "group"), os.path.join(root, "personal")
    for d in (group, personal):
        os.makedirs(d)
        with open(os.path.join(d, "papers.bib"), "w") as f:
            f.write(bib)
    with open(os.path.join(group, "site.toml"), "w") as f:
        f.write('[group]\nname = "Bench Lab"\nhighlight_students = true\n'
                '[publications]\nbibtex = ["papers.bib"]\n')
    os.makedirs(os.path.join(group, "people"))
    roles = ["pi"] + ["faculty"] * 5 + ["postdoc"] * 30 + ["phd"] * 100 + ["masters"] * 64
    for n, (f, l) in enumerate(people):
        with open(os.path.join(group, "people", f"m{n}.toml"), "w") as out:
            out.write(f'name = "{f} {l}"\naliases = ["{f[0]}. {l}", "{l}, {f}"]\n'
                      f'role = "{roles[n % len(roles)]}"\nstart = "2020"\n'
                      + ('end = "2023"\n' if n % 5 == 0 else ""))
    f, l = people[0]
    with open(os.path.join(personal, "site.toml"), "w") as out:
        out.write(f'[person]\nname = "{f} {l}"\naliases = ["{f[0]}. {l}", "{l}, {f}"]\n'
                  '[publications]\nbibtex = ["papers.bib"]\n')
    return group, personal


def best_time(sitegen, content, out, runs):
    best = None
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sitegen, "build", content, "-o", out, "--quiet"], check=True)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sitegen", default="build/sitegen")
    ap.add_argument("--pubs", type=int, default=10000)
    ap.add_argument("--members", type=int, default=200)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    root = tempfile.mkdtemp(prefix="sitegen-group-bench-")
    try:
        group, personal = write_sites(root, args.pubs, args.members, args.seed)
        t_personal = best_time(args.sitegen, personal, os.path.join(root, "out-p"), args.runs)
        t_group = best_time(args.sitegen, group, os.path.join(root, "out-g"), args.runs)
        pages = len(os.listdir(os.path.join(root, "out-g", "people"))) - 1
        print(f"{args.pubs} publications, {args.members} members ({pages} member pages)")
        print(f"personal site: {t_personal:.3f} s (best of {args.runs})")
        print(f"group site:    {t_group:.3f} s (best of {args.runs})")
        print(f"ratio group / personal: {t_group / t_personal:.2f}")
    finally:
        shutil.rmtree(root)


if __name__ == "__main__":
    main()
