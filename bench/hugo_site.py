"""The Hugo side of the benchmark: the site of bench/gen_site.py as a Hugo 0.111 user
would write it, rendered by the layouts in bench/hugo/.

Hugo 0.111 makes no pages from data files, so each publication is a content file
(content/publications/<id>.md: the fields as front matter, the abstract as its body),
as academic Hugo themes do it. News, talks and the CV are data files, the same bytes
as sitegen's; the bio, the pages and the photo are the same too. The Hugo features
sitegen has no counterpart for (taxonomy pages, the home and section feeds, 404 and
robots.txt) are off, and Goldmark is set to sitegen's Markdown dialect.
"""
import os

LAYOUTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "hugo")

# Group order and headings of the publication list, as sitegen's scholar theme has them.
GROUPS = [("conference", "Conference Papers"), ("journal", "Journal Articles"),
          ("workshop", "Workshop Papers"), ("poster", "Posters"), ("preprint", "Preprints"),
          ("thesis", "Theses"), ("patent", "Patents")]
SECTIONS = [("publications", "Publications"), ("talks", "Talks"), ("news", "News"), ("cv", "CV")]

CONFIG = """baseURL = "https://example.org/"
title = "{name}"
languageCode = "en"
disableKinds = ["taxonomy", "term", "404", "robotsTXT"]

[outputs]
home = ["HTML"]
section = ["HTML"]
page = ["HTML"]

[markup.goldmark.renderer]
unsafe = true
[markup.goldmark.extensions]
linkify = true
table = true
strikethrough = true
taskList = true
typographer = false
footnote = false
definitionList = false
"""


def front_matter(fields):
    return "+++\n" + "\n".join(fields) + "\n+++\n"


def config(person, site_toml, pages):
    """hugo.toml: the profile of site.toml under [params], the menu from [nav] and pages."""
    profile = site_toml[site_toml.index("[person]"):site_toml.index("[nav]")]
    profile = profile.replace("[person", "[params.person").replace("[publications", "[params.publications")
    lines = [CONFIG.format(name=person["name"]),
             "[params]", 'description = "%s builds data systems and the compilers inside them."' %
             person["name"], "", profile.rstrip(), ""]
    for key, label in GROUPS:
        lines += ["[[params.groups]]", 'key = "%s"' % key, 'label = "%s"' % label]
    menu = [(label, "/" + key, 10 * (i + 1)) for i, (key, label) in enumerate(SECTIONS)]
    for name, text in pages.items():
        head = text.split("+++")[1]
        if "nav = true" in head:
            title = head.split('title = "')[1].split('"')[0]
            menu.append((title, "/" + name, int(head.split("order = ")[1].split()[0])))
    for label, ref, weight in menu:
        lines += ["", "[[menus.main]]", 'name = "%s"' % label, 'pageRef = "%s"' % ref, "weight = %d" % weight]
    return "\n".join(lines) + "\n"


def publication(p, weight, toml_table):
    """content/publications/<id>.md: `type` chooses a layout in Hugo, so it is `pub_type`."""
    fields = dict((k, v) for k, v in p.items() if k not in ("abstract", "links", "type"))
    fields["pub_type"] = p["type"]
    fields["weight"] = weight
    lines = toml_table("", fields)[1:] + [""] + toml_table("[links]", p["links"])
    return front_matter(lines) + p["abstract"] + "\n"


def files(person, pubs, content, pages, toml_table):
    """The Hugo site as relative path -> text or bytes; toml_table writes a table's fields."""
    out = {"hugo.toml": config(person, content["site.toml"], pages),
           "static/photo.png": content["static/photo.png"],
           "content/_index.md": front_matter(['title = "%s"' % person["name"]]) + content["bio.md"],
           "content/publications/_index.md": front_matter(['title = "Publications"']),
           "content/news/_index.md": front_matter(['title = "News"', 'outputs = ["HTML", "RSS"]']),
           "content/talks.md": front_matter(['title = "Talks"', 'layout = "talks"']),
           "content/cv.md": front_matter(['title = "CV"', 'layout = "cv"'])}
    for name in ("news", "talks", "cv"):
        out["data/%s.toml" % name] = content["%s.toml" % name]
    for name, text in pages.items():
        out["content/%s.md" % name] = text
    for i, p in enumerate(pubs):
        out["content/publications/%s.md" % p["id"]] = publication(p, i + 1, toml_table)
    for root, dirs, names in os.walk(LAYOUTS):
        dirs.sort()
        for n in sorted(names):
            path = os.path.join(root, n)
            with open(path, "rb") as f:
                out[os.path.relpath(path, LAYOUTS)] = f.read()
    return out
