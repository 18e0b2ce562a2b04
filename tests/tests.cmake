# Whole-program checks outside the C++ test binary, included by CMakeLists.txt.
# Each block registers its own tests and stands alone.

# --- sitegen serve in headless Chromium (tests/browser, playwright-core + Debian's
# chromium). The test exits with 77 and says why when tests/browser/node_modules
# (npm ci --prefix tests/browser) or /usr/bin/chromium is missing: ctest shows it skipped.
find_program(SITEGEN_SERVE_NODE node)
if(SITEGEN_SERVE_NODE)
  add_test(NAME browser_live_reload
           COMMAND ${CMAKE_COMMAND} -E env SITEGEN_BINARY=$<TARGET_FILE:sitegen> SITEGEN_SKIP_CODE=77
                   ${SITEGEN_SERVE_NODE} ${CMAKE_SOURCE_DIR}/tests/browser/live_reload.test.mjs)
  set_tests_properties(browser_live_reload PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 180 LABELS browser)
else()
  message(STATUS "node not found: the browser test of sitegen serve is not registered")
endif()

# --- bench/run.py on the smallest synthetic site (50 publications, bench/gen_site.py):
# checks that the benchmark script, the generator and the Hugo layouts of bench/hugo/
# still run against this sitegen (the site builds with --strict); it asserts no timings.
# Exits with 77 (skipped) when Hugo, hyperfine or GNU time is not installed
# (apt-get install -y hugo hyperfine time).
find_program(SITEGEN_BENCH_PYTHON python3)
if(SITEGEN_BENCH_PYTHON)
  add_test(NAME bench_smoke
           COMMAND ${SITEGEN_BENCH_PYTHON} ${CMAKE_SOURCE_DIR}/bench/run.py --smoke --no-install
                   --sitegen $<TARGET_FILE:sitegen> --root ${CMAKE_BINARY_DIR}/bench-smoke)
  set_tests_properties(bench_smoke PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300 LABELS bench)
  # bench/serve_latency.py on the group site examples/lab (its papers in group.bib), two
  # edits: the script finds what to edit and sees each reload; it asserts no timings.
  add_test(NAME bench_serve_latency_smoke
           COMMAND ${SITEGEN_BENCH_PYTHON} ${CMAKE_SOURCE_DIR}/bench/serve_latency.py --smoke
                   --sitegen $<TARGET_FILE:sitegen>)
  set_tests_properties(bench_serve_latency_smoke PROPERTIES TIMEOUT 120 LABELS bench)
else()
  message(STATUS "python3 not found: the benchmark smoke test is not registered")
endif()

# --- Web checks on the built starter site and every example, for a root and a sub-path
# base URL (tests/browser/site_checks.test.mjs): the W3C Nu HTML checker (Java), axe in
# headless Chromium at 1280/390 px, light/dark, internal links, feed, sitemap and JSON-LD.
# Exits with 77 (skipped) and says why when tests/browser/node_modules (npm ci --prefix
# tests/browser), /usr/bin/chromium or java (default-jre-headless) is missing. Not in
# sanitizer builds: the pages are the same, and the browser is the slow part.
find_program(SITEGEN_WEB_NODE node)
if(SITEGEN_WEB_NODE AND NOT SITEGEN_SANITIZE)
  add_test(NAME browser_site_checks
           COMMAND ${CMAKE_COMMAND} -E env SITEGEN_BINARY=$<TARGET_FILE:sitegen> SITEGEN_SKIP_CODE=77
                   ${SITEGEN_WEB_NODE} ${CMAKE_SOURCE_DIR}/tests/browser/site_checks.test.mjs)
  set_tests_properties(browser_site_checks PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 1800 LABELS browser)
elseif(NOT SITEGEN_WEB_NODE)
  message(STATUS "node not found: the web checks of the built sites are not registered")
endif()

# --- docs/deploying.md, command by command (tests/deploy_docs_test.sh): `sitegen new
# --github-pages`, git init, builds for a project page, link checks, `sitegen upgrade`,
# commits; then the workflow it wrote. Exits with 77 when git is missing.
add_test(NAME deploy_docs COMMAND bash ${CMAKE_SOURCE_DIR}/tests/deploy_docs_test.sh $<TARGET_FILE:sitegen>)
set_tests_properties(deploy_docs PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)

# --- The workflow `sitegen new --github-pages` writes, as far as it runs off GitHub
# (tests/action_test.sh): the Action at the ref it names, taken from this repository;
# its steps against a local stand-in for GitHub's releases: no release (the build from
# source, configured), a release (installed, SHA-256 verified), a damaged download
# (refused). Exits with 77 when git or python3 is missing.
add_test(NAME action_install COMMAND bash ${CMAKE_SOURCE_DIR}/tests/action_test.sh $<TARGET_FILE:sitegen>)
set_tests_properties(action_install PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)

# --- `sitegen completions bash|zsh|fish` and `sitegen man` (tests/completions_test.sh):
# bash and fish asked for completions (commands, options, content folders, member ids
# after --person, language tags), the zsh script loaded under compinit, the manual page
# through groff; each must match --help. Exits with 77 when no shell and no groff is found.
add_test(NAME shell_completions COMMAND bash ${CMAKE_SOURCE_DIR}/tests/completions_test.sh $<TARGET_FILE:sitegen>)
set_tests_properties(shell_completions PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 120)

# --- The layering of src/ (scripts/check-layers.sh): each file, tests too, includes
# only the folders scripts/layers.txt gives its folder, the graph lists no unused edge,
# and each library is included by its one folder. tests/check_layers_test.sh breaks a
# copy of src/ in each of those ways and expects the check to name it.
add_test(NAME source_layers COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/check-layers.sh)
add_test(NAME source_layers_check COMMAND bash ${CMAKE_SOURCE_DIR}/tests/check_layers_test.sh)

# --- Math in headless Chromium (tests/browser/math.test.mjs): a site with TeX from real
# papers, built by sitegen; KaTeX (the site's own copy) typesets every expression without
# an error, and a page without math loads no KaTeX file. Exits with 77 (skipped) when
# tests/browser/node_modules or /usr/bin/chromium is missing.
if(SITEGEN_WEB_NODE)
  add_test(NAME browser_math
           COMMAND ${CMAKE_COMMAND} -E env SITEGEN_BINARY=$<TARGET_FILE:sitegen> SITEGEN_SKIP_CODE=77
                   ${SITEGEN_WEB_NODE} ${CMAKE_SOURCE_DIR}/tests/browser/math.test.mjs)
  set_tests_properties(browser_math PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300 LABELS browser)
  # Math a co-author's .bib holds that freezes browsers with an unpatched KaTeX
  # (tests/browser/math_limits.test.mjs): the paper page loads in under 2 s, the list of ten
  # such papers loads, and cv.pdf is printed.
  add_test(NAME browser_math_limits
           COMMAND ${CMAKE_COMMAND} -E env SITEGEN_BINARY=$<TARGET_FILE:sitegen> SITEGEN_SKIP_CODE=77
                   ${SITEGEN_WEB_NODE} ${CMAKE_SOURCE_DIR}/tests/browser/math_limits.test.mjs)
  set_tests_properties(browser_math_limits PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600 LABELS browser)
endif()

# --- The theme's look in headless Chromium (tests/browser/look.test.mjs): the bundled
# fonts render text and headings from the site's own files, the colour scheme follows the
# system without JavaScript, and the header's switch picks light or dark and remembers it.
# Exits with 77 (skipped) when tests/browser/node_modules or /usr/bin/chromium is missing.
if(SITEGEN_WEB_NODE)
  add_test(NAME browser_look
           COMMAND ${CMAKE_COMMAND} -E env SITEGEN_BINARY=$<TARGET_FILE:sitegen> SITEGEN_SKIP_CODE=77
                   ${SITEGEN_WEB_NODE} ${CMAKE_SOURCE_DIR}/tests/browser/look.test.mjs)
  set_tests_properties(browser_look PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 180 LABELS browser)
endif()

# --- The onepage theme in headless Chromium (tests/browser/onepage.test.mjs): the starter
# site in onepage, its home page's text and layout at 1366 and 390 px, light and dark, the
# scheme switch, without JavaScript, and axe.
if(SITEGEN_WEB_NODE)
  add_test(NAME browser_onepage
           COMMAND ${CMAKE_COMMAND} -E env SITEGEN_BINARY=$<TARGET_FILE:sitegen> SITEGEN_SKIP_CODE=77
                   ${SITEGEN_WEB_NODE} ${CMAKE_SOURCE_DIR}/tests/browser/onepage.test.mjs)
  set_tests_properties(browser_onepage PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 180 LABELS browser)
endif()

# --- site.toml's [style] accent in headless Chromium (tests/browser/style.test.mjs): links,
# focus rings, the menu and chips in the accent and its dark shade, by the system's scheme
# and by the header's switch; axe on the pages in both schemes; the home page's sections
# in the order of [style] home, its profile above the text, and the head/footer snippets.
if(SITEGEN_WEB_NODE)
  add_test(NAME browser_style
           COMMAND ${CMAKE_COMMAND} -E env SITEGEN_BINARY=$<TARGET_FILE:sitegen> SITEGEN_SKIP_CODE=77
                   ${SITEGEN_WEB_NODE} ${CMAKE_SOURCE_DIR}/tests/browser/style.test.mjs)
  set_tests_properties(browser_style PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 180 LABELS browser)
endif()

# --- Posts in headless Chromium (tests/browser/posts.test.mjs): a post's page as rendered
# text (date, reading time in German, authors, tags, previous and next), the list by year
# and a tag's page, axe and the W3C checker on them, and the draft `sitegen serve` shows.
# Exits with 77 (skipped) when node_modules, /usr/bin/chromium or java is missing.
if(SITEGEN_WEB_NODE)
  add_test(NAME browser_posts
           COMMAND ${CMAKE_COMMAND} -E env SITEGEN_BINARY=$<TARGET_FILE:sitegen> SITEGEN_SKIP_CODE=77
                   ${SITEGEN_WEB_NODE} ${CMAKE_SOURCE_DIR}/tests/browser/posts.test.mjs)
  set_tests_properties(browser_posts PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300 LABELS browser)
endif()

# --- Projects in headless Chromium (tests/browser/projects.test.mjs): /projects/'s cards, a
# project's page with its people and papers, the home page's featured projects, axe at 1366
# and 390 px in both schemes and the W3C checker. Exits with 77 (skipped) when
# node_modules, /usr/bin/chromium or java is missing.
if(SITEGEN_WEB_NODE)
  add_test(NAME browser_projects
           COMMAND ${CMAKE_COMMAND} -E env SITEGEN_BINARY=$<TARGET_FILE:sitegen> SITEGEN_SKIP_CODE=77
                   ${SITEGEN_WEB_NODE} ${CMAKE_SOURCE_DIR}/tests/browser/projects.test.mjs)
  set_tests_properties(browser_projects PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300 LABELS browser)
endif()

# --- The theme's fonts are the files scripts/update-fonts.sh pins (by sha256), and no others.
add_test(NAME theme_fonts COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/update-fonts.sh --check)

# --- KaTeX's files in katex/ are those of the npm package scripts/update-katex.sh pins (by
# version and sha256), and no others.
add_test(NAME katex_files COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/update-katex.sh --check)

# --- The publication list in headless Chromium (tests/browser/pub_filter.test.mjs): search,
# type and year filters together and kept in the address, the filter pages without
# JavaScript, one filter control and 44 px tap targets on a phone. Exits with 77 (skipped)
# when tests/browser/node_modules or /usr/bin/chromium is missing.
if(SITEGEN_WEB_NODE)
  add_test(NAME browser_pub_filter
           COMMAND ${CMAKE_COMMAND} -E env SITEGEN_BINARY=$<TARGET_FILE:sitegen> SITEGEN_SKIP_CODE=77
                   ${SITEGEN_WEB_NODE} ${CMAKE_SOURCE_DIR}/tests/browser/pub_filter.test.mjs)
  set_tests_properties(browser_pub_filter PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300 LABELS browser)
endif()

# --- The release binary (scripts/release.sh, SITEGEN_RELEASE_BINARY, default
# build-release/sitegen; tests/release_test.sh): ldd lists only glibc, and run with
# `env -i` from another folder it builds content/ as this build's sitegen does. Skipped
# (77) until scripts/release.sh has run.
set(SITEGEN_RELEASE_BINARY ${CMAKE_SOURCE_DIR}/build-release/sitegen CACHE FILEPATH
    "The binary tests/release_test.sh checks (scripts/release.sh builds it)")
add_test(NAME release_binary
         COMMAND bash ${CMAKE_SOURCE_DIR}/tests/release_test.sh ${SITEGEN_RELEASE_BINARY}
                 $<TARGET_FILE:sitegen> ${CMAKE_SOURCE_DIR})
set_tests_properties(release_binary PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 120 LABELS release)
# The Debian package made from it (scripts/package-deb.sh; tests/package_deb_test.sh):
# lintian finds no error, the man page and completions are the binary's own, and it
# installs with dpkg -i on a clean Debian made by mmdebstrap. Skipped (77) until the
# package exists.
add_test(NAME release_package_deb
         COMMAND bash ${CMAKE_SOURCE_DIR}/tests/package_deb_test.sh ${SITEGEN_RELEASE_BINARY})
set_tests_properties(release_package_deb PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 900 LABELS release)

# --- Linux-only calls only in files named for Linux (scripts/check-portable.sh), so
# -DSITEGEN_PORTABLE=ON and the macOS build use the portable code alone.
add_test(NAME source_portable COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/check-portable.sh)

# --- No package archive's or registry's host name in a tracked file
# (scripts/check-archive-hosts.sh): scripts take the mirror from the machine's apt sources.
# Skipped (77) outside a git checkout.
add_test(NAME source_no_archive_hosts COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/check-archive-hosts.sh)
set_tests_properties(source_no_archive_hosts PROPERTIES SKIP_RETURN_CODE 77)

# --- cv.pdf printed by headless Chromium (tests/cv_pdf_test.sh): examples built with
# [cv] pdf = true, read back with poppler's tools (the name, the address and "i / n" on
# every page, pdfinfo's Title and Author, no DejaVu in pdffonts), every language's CV, raw
# HTML that tries to read local files, the sandbox, SIGTERM and SIGINT while printing, the
# same bytes on a rebuild, the line when no browser is found. Exits with 77 (skipped) when
# Chromium/Chrome, poppler-utils or curl is missing.
add_test(NAME browser_cv_pdf COMMAND bash ${CMAKE_SOURCE_DIR}/tests/cv_pdf_test.sh $<TARGET_FILE:sitegen>)
set_tests_properties(browser_cv_pdf PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600 LABELS browser)

# --- Every .bib sitegen writes, read by another BibTeX implementation
# (tests/bibtex_pybtex_test.py, Debian's python3-pybtex, strict): content/, every example
# and a site of titles with math and LaTeX specials are built; each paper's .bib and
# /publications.bib must parse without an error or a warning, the Cite box must be the
# .bib, and math must come back as it was written. Debian's Python is the one with
# Debian's pybtex; exits with 77 (skipped) when pybtex is missing.
find_program(SITEGEN_DEBIAN_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
find_program(SITEGEN_DEBIAN_PYTHON python3)
if(SITEGEN_DEBIAN_PYTHON)
  add_test(NAME bibtex_pybtex
           COMMAND ${SITEGEN_DEBIAN_PYTHON} ${CMAKE_SOURCE_DIR}/tests/bibtex_pybtex_test.py
                   $<TARGET_FILE:sitegen>)
  set_tests_properties(bibtex_pybtex PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)
endif()

# --- The BibTeX a visitor copies, in headless Chromium (tests/browser/bibtex_cite.test.mjs):
# the Cite box, the text its Copy button copies and the list's BibTeX toggle hold a title's
# math as written and "Nguyễn" composed. Exits with 77 (skipped) when
# tests/browser/node_modules or /usr/bin/chromium is missing.
if(SITEGEN_WEB_NODE)
  add_test(NAME browser_bibtex_cite
           COMMAND ${CMAKE_COMMAND} -E env SITEGEN_BINARY=$<TARGET_FILE:sitegen> SITEGEN_SKIP_CODE=77
                   ${SITEGEN_WEB_NODE} ${CMAKE_SOURCE_DIR}/tests/browser/bibtex_cite.test.mjs)
  set_tests_properties(browser_bibtex_cite PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 180 LABELS browser)
endif()

# --- Every page of examples/lab through `sitegen serve` in headless Chromium
# (tests/browser/serve_pages.test.mjs): no failed request (member photos in people/<id>/
# included), no console or script error, every image shown. Exits with 77 (skipped) when
# tests/browser/node_modules or /usr/bin/chromium is missing.
if(SITEGEN_WEB_NODE)
  add_test(NAME browser_serve_pages
           COMMAND ${CMAKE_COMMAND} -E env SITEGEN_BINARY=$<TARGET_FILE:sitegen> SITEGEN_SKIP_CODE=77
                   ${SITEGEN_WEB_NODE} ${CMAKE_SOURCE_DIR}/tests/browser/serve_pages.test.mjs)
  set_tests_properties(browser_serve_pages PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600 LABELS browser)
endif()

# --- Rendered punctuation in headless Chromium (tests/browser/punctuation.test.mjs): every
# page of content/ and every example at 1366 and 390 px, its text read with what ::before
# and ::after add: no "()", "( )", ", ,", no block starting with a comma, no empty badge.
# Exits with 77 (skipped) when tests/browser/node_modules or /usr/bin/chromium is missing.
if(SITEGEN_WEB_NODE AND NOT SITEGEN_SANITIZE)
  add_test(NAME browser_punctuation
           COMMAND ${CMAKE_COMMAND} -E env SITEGEN_BINARY=$<TARGET_FILE:sitegen> SITEGEN_SKIP_CODE=77
                   ${SITEGEN_WEB_NODE} ${CMAKE_SOURCE_DIR}/tests/browser/punctuation.test.mjs)
  set_tests_properties(browser_punctuation PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 900 LABELS browser)
endif()

# --- The theme's layout by measured boxes (tests/browser/layout.test.mjs) at 1366 and 390
# px: the home page's bio and sections, a paper's abstract and Cite box and legend, badges
# on one line in every built-in language, the phone header with a language switcher, the
# talks' abstract toggle, the lab example's teasers and citation counts. Exits with 77
# (skipped) when tests/browser/node_modules or /usr/bin/chromium is missing.
if(SITEGEN_WEB_NODE AND NOT SITEGEN_SANITIZE)
  add_test(NAME browser_layout
           COMMAND ${CMAKE_COMMAND} -E env SITEGEN_BINARY=$<TARGET_FILE:sitegen> SITEGEN_SKIP_CODE=77
                   ${SITEGEN_WEB_NODE} ${CMAKE_SOURCE_DIR}/tests/browser/layout.test.mjs)
  set_tests_properties(browser_layout PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300 LABELS browser)
endif()

# --- Resized images as a visitor's browser takes them (tests/browser/images.test.mjs): a
# 3000 x 4000 photo and a 2400 x 1500 teaser, drawn in the browser, at 1366 px (1x) and
# 390 px (3x): the WebP file `srcset` and `sizes` pick, its pixels and its box; the photo
# links to the original. Exits with 77 (skipped) when tests/browser/node_modules or
# /usr/bin/chromium is missing.
if(SITEGEN_WEB_NODE AND NOT SITEGEN_SANITIZE)
  add_test(NAME browser_images
           COMMAND ${CMAKE_COMMAND} -E env SITEGEN_BINARY=$<TARGET_FILE:sitegen> SITEGEN_SKIP_CODE=77
                   ${SITEGEN_WEB_NODE} ${CMAKE_SOURCE_DIR}/tests/browser/images.test.mjs)
  set_tests_properties(browser_images PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300 LABELS browser)
endif()

# --- The web checks on sites made by `sitegen migrate` (tests/browser/migrated_sites.test.mjs):
# the demo trees of al-folio, academicpages and three Hugo Blox generations in
# ../shared/testdata/sites/, migrated and built for a root and a sub-path base URL;
# `sitegen check --links` on every page; links and axe in headless Chromium on one page of
# each kind (home, publications, a paper, news, talks, CV, a moved page, a redirect, 404).
# Exits with 77 (skipped) and says why when ../shared, tests/browser/node_modules or
# /usr/bin/chromium is missing.
if(SITEGEN_WEB_NODE AND NOT SITEGEN_SANITIZE)
  add_test(NAME browser_migrated_sites
           COMMAND ${CMAKE_COMMAND} -E env SITEGEN_BINARY=$<TARGET_FILE:sitegen> SITEGEN_SKIP_CODE=77
                   ${SITEGEN_WEB_NODE} ${CMAKE_SOURCE_DIR}/tests/browser/migrated_sites.test.mjs)
  set_tests_properties(browser_migrated_sites PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600 LABELS browser)
endif()

# --- The rule every test case of sitegen_tests is held to (tests/support/assertion_rule.h):
# a case that runs no assertion fails unless it says it was skipped. Shown on a small
# doctest binary with one case of each kind (tests/assertion_rule_cases.cc).
add_executable(assertion_rule_cases ${CMAKE_SOURCE_DIR}/tests/assertion_rule_cases.cc)
target_link_libraries(assertion_rule_cases PRIVATE doctest::doctest)
target_include_directories(assertion_rule_cases PRIVATE ${CMAKE_SOURCE_DIR}/tests)
add_test(NAME test_assertion_rule
         COMMAND bash ${CMAKE_SOURCE_DIR}/tests/assertion_rule_test.sh $<TARGET_FILE:assertion_rule_cases>)

# --- The CommonMark spec's 652 examples through the whole page path
# (tests/browser/commonmark.test.mjs): each a page of one site built by sitegen, its body
# compared with the spec's HTML after the spec's normalisation; the accepted differences
# are listed with their reasons in tests/data/commonmark-differences.txt. Exits with 77
# (skipped) when tests/browser/node_modules (npm ci --prefix tests/browser) is missing.
if(SITEGEN_WEB_NODE)
  add_test(NAME commonmark_spec
           COMMAND ${CMAKE_COMMAND} -E env SITEGEN_BINARY=$<TARGET_FILE:sitegen> SITEGEN_SKIP_CODE=77
                   ${SITEGEN_WEB_NODE} ${CMAKE_SOURCE_DIR}/tests/browser/commonmark.test.mjs)
  set_tests_properties(commonmark_spec PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300)
endif()
