// The command table. Each command lives in its own file (cmd_*.cc).
#include "cli/cli.h"

namespace sitegen {

const std::vector<Command>& commands() {
  static const std::vector<Command> kCommands = {
      {"build", "build the site from a content directory",
       "usage: sitegen build [CONTENT] [-o OUT] [options]\n\n"
       "Builds CONTENT into OUT (default: public/). Nothing is written when the content\n"
       "has errors; the previous output stays as it was. Without CONTENT: content/ if it\n"
       "holds site.toml, else the current directory if it does, else content/.\n"
       "With [cv] pdf = true in site.toml it also prints /cv/ to OUT/cv.pdf with headless\n"
       "Chromium or Chrome (skipped, saying so, when neither is found).\n\n"
       "options:\n"
       "  -o, --output DIR   where to write the site (default: public/)\n"
       "  --base-url URL     override base_url from site.toml (e.g. https://me.github.io/repo/)\n"
       "  --theme-dir DIR    look for the theme site.toml names in DIR/NAME first, then\n"
       "                     in the content folder's themes/ and the built-in ones\n"
       "  --person ID        on a group site, build member ID's personal site (people/ID)\n"
       "  --drafts           also publish the posts marked draft = true (serve always does)\n"
       "  --strict           treat warnings (unknown keys, ...) as errors\n"
       "  -q, --quiet        print only problems, no summary\n",
       cmd_build},
      {"check", "report every problem in a content directory; write nothing",
       "usage: sitegen check [CONTENT] [options]\n\n"
       "Loads and renders CONTENT and reports every problem, without writing any file.\n"
       "Exit status 1 when there are errors. Without CONTENT: content/ if it holds\n"
       "site.toml, else the current directory if it does, else content/.\n\n"
       "options:\n"
       "  --links            also check that every internal link, image and stylesheet of\n"
       "                     the built pages (href, src, srcset, #fragments) resolves;\n"
       "                     prints `page: broken link to URL` for each one that does not\n"
       "  --base-url URL     check for this base URL instead of site.toml's\n"
       "                     (e.g. https://me.github.io/repo/)\n"
       "  --theme-dir DIR    look for the theme site.toml names in DIR/NAME first, then\n"
       "                     in the content folder's themes/ and the built-in ones\n"
       "  --person ID        on a group site, check member ID's personal site (people/ID)\n"
       "  --drafts           also check the posts marked draft = true as published pages\n"
       "  --strict           treat warnings as errors\n"
       "  -q, --quiet        print only problems, no summary\n",
       cmd_check},
      {"new", "create a starter content directory",
       "usage: sitegen new DIR [--group] [--github-pages] [--language TAG]\n\n"
       "Writes a starter site into DIR (which must not exist or be empty): a fictional\n"
       "researcher whose files show every feature, with comments explaining each field.\n"
       "Then: sitegen build DIR -o public/\n\n"
       "options:\n"
       "  --group            a research group's site instead: [group] in site.toml,\n"
       "                     members in people/, one shared bibliography\n"
       "  --github-pages     make DIR a repository root instead: the starter site in\n"
       "                     DIR/content/, a GitHub Actions workflow that builds and\n"
       "                     publishes it (DIR/.github/workflows/pages.yml) and a\n"
       "                     .gitignore; see docs/deploying.md\n"
       "  --language TAG     the language of the theme's words and dates, set as `language`\n"
       "                     in site.toml: de, en (the default), es, fr, ja, ko, pt, zh\n"
       "                     (Simplified Chinese) or zh-Hant (Traditional Chinese)\n",
       cmd_new},
      {"serve", "preview the site in a browser; pages reload as you edit",
       "usage: sitegen serve [CONTENT] [options]\n\n"
       "Builds CONTENT (default as for build: content/ or the current directory, whichever\n"
       "holds site.toml) in memory and serves it on http://127.0.0.1:1313/\n"
       "(or the next free port). Open pages reload by themselves when a file is saved; when a\n"
       "change has errors, the last good site stays up with the errors shown over it.\n"
       "Nothing is written to disk. Posts marked draft = true are shown, as with\n"
       "build --drafts. Ctrl+C stops the server.\n\n"
       "options:\n"
       "  -p, --port N       listen on port N and no other (0: any free port)\n"
       "  --bind ADDR        listen on ADDR instead of 127.0.0.1 (the network can then see it)\n"
       "  --open             open the site in the default browser (macOS: open, else xdg-open)\n"
       "  --pdf              print cv.pdf on every build when site.toml asks for it\n"
       "  --poll             watch by polling instead of inotify (network file systems)\n"
       "  --theme-dir DIR    look for the theme site.toml names in DIR/NAME first, then\n"
       "                     in the content folder's themes/ and the built-in ones\n",
       cmd_serve},
      {"import", "bring publications in from BibTeX, Hugo Blox, DBLP, ORCID or OpenAlex",
       "usage: sitegen import bibtex FILE.bib [-o FILE] [--force]\n"
       "       sitegen import hugo-blox DIR [-o FILE] [--name NAME] [--force]\n"
       "       sitegen import dblp|orcid|openalex ID [CONTENT] [--into FILE] [--dry-run]\n\n"
       "Writes the publications of FILE.bib, or of a Hugo Blox / Wowchemy site's\n"
       "content/publication*/ pages, as publications.toml entries you can edit. A site\n"
       "built from the output shows the same publication pages as one built from the .bib.\n"
       "(A .bib file can also be used as it is: list it under [publications] bibtex.)\n\n"
       "dblp PID, orcid ORCID-ID and openalex AUTHOR-ID fetch a person's works and append\n"
       "the ones CONTENT does not have yet (same DOI, arXiv id, DBLP key, or title and\n"
       "year) to CONTENT/publications.toml; what is there is never changed. Importing\n"
       "again adds nothing. See docs/importing.md.\n\n"
       "options:\n"
       "  -o, --output FILE  write to FILE instead of standard output\n"
       "  --force            replace FILE if it exists (otherwise that is an error)\n"
       "  --name NAME        hugo-blox: your name, for the `admin` / `me` author profile\n"
       "  --into FILE        dblp, orcid, openalex: append to FILE (.toml or .bib) instead\n"
       "  --dry-run          dblp, orcid, openalex: print what would be added; write nothing\n",
       cmd_import},
      {"migrate", "turn an al-folio, academicpages or Hugo Blox site into a content tree",
       "usage: sitegen migrate OLD_SITE NEW_CONTENT [--from TEMPLATE] [--dry-run]\n\n"
       "Reads the source of a whole site made with al-folio, academicpages or Hugo Blox\n"
       "(Wowchemy, Hugo Academic) and writes it as a sitegen content tree in NEW_CONTENT:\n"
       "the profile and links (site.toml), the biography (bio.md), the publications (an\n"
       "al-folio .bib kept as it is and named in site.toml; the others as publications.toml),\n"
       "news, talks, the CV, and the other pages, posts and projects (pages/). Each old\n"
       "address that moved gets a redirect page ([redirects] in site.toml), so links to the\n"
       "old site keep working. Template code is never run: Liquid and Hugo shortcodes are\n"
       "turned into plain Markdown where that is certain and left out otherwise, each one\n"
       "named in the report at its file and line, with what else to check by hand.\n\n"
       "OLD_SITE is only read. NEW_CONTENT must not exist or be empty. The new tree is built\n"
       "in memory first: when it would not build, nothing is written. See docs/migrating.md.\n\n"
       "options:\n"
       "  --from TEMPLATE    al-folio, academicpages or hugo-blox (default: told from the\n"
       "                     files only that template has)\n"
       "  --dry-run          print the report; write nothing\n",
       cmd_migrate},
      {"update", "fetch the citation counts of your papers into citations.toml",
       "usage: sitegen update citations [CONTENT]\n\n"
       "Fetches the citation count of every paper of CONTENT (default as for build) that\n"
       "has a DOI or an arXiv id, from OpenAlex, else Semantic Scholar, and writes them\n"
       "with the date to CONTENT/citations.toml. Builds read that file and never the\n"
       "network; [publications] citations = true in site.toml shows the counts. Run it\n"
       "again (or weekly in CI) to refresh them. See docs/importing.md.\n",
       cmd_update},
      {"upgrade", "rewrite a content directory to the current content format",
       "usage: sitegen upgrade [CONTENT]\n\n"
       "Rewrites CONTENT (default as for build) from the content format it is in (`format`\n"
       "in site.toml; 1 when absent) to the one this sitegen writes, changing the files as\n"
       "text so comments stay, and records the new `format` in site.toml. A tree already\n"
       "in the current format is left as it is. See docs/content-format.md.\n",
       cmd_upgrade},
      {"completions", "print the shell completion script for bash, zsh or fish",
       "usage: sitegen completions bash|zsh|fish\n\n"
       "Prints the completion script for the shell named. It completes commands, options,\n"
       "content folders, member ids after --person and language tags. Install it with\n\n"
       "  sitegen completions bash > ~/.local/share/bash-completion/completions/sitegen\n"
       "  sitegen completions zsh > ~/.zfunc/_sitegen   (fpath=(~/.zfunc $fpath) first)\n"
       "  sitegen completions fish > ~/.config/fish/completions/sitegen.fish\n",
       cmd_completions},
      {"man", "print the manual page sitegen(1)",
       "usage: sitegen man\n\n"
       "Prints the manual page sitegen(1) in roff: every command and option, as --help\n"
       "prints them. Read it with\n\n"
       "  sitegen man | man -l -\n",
       cmd_man},
      {"help", "print a command's options, as `sitegen COMMAND --help` does",
       "usage: sitegen help [COMMAND]\n\n"
       "Prints what COMMAND does and its options, as `sitegen COMMAND --help` does;\n"
       "without COMMAND, the list of commands.\n",
       cmd_help},
  };
  return kCommands;
}

}  // namespace sitegen
