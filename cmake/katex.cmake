# KaTeX typesets the math of a site in the browser. Its files from the npm package, pinned
# by version and sha256 and committed in katex/ (scripts/update-katex.sh; the ctest entry
# katex_files checks them), are compiled into sitegen with its own renderer script and
# stylesheet, and copied into a site that has math: the binary stays self-contained, a
# build needs no network, and a built site asks no CDN for anything. (Debian 12's
# libjs-katex, 0.16.4, is not used: CVE-2024-28243 lets one `\edef` freeze the browser.)
set(katex_dir ${CMAKE_SOURCE_DIR}/katex)
file(GLOB katex_fonts CONFIGURE_DEPENDS ${katex_dir}/fonts/*.woff2)

set(EMBEDDED_KATEX_CC ${CMAKE_BINARY_DIR}/embedded_katex.cc)
set(katex_renderer ${CMAKE_SOURCE_DIR}/src/site_build/katex_render.js)
set(katex_style ${CMAKE_SOURCE_DIR}/src/site_build/katex_math.css)
add_custom_command(
  OUTPUT ${EMBEDDED_KATEX_CC}
  COMMAND ${CMAKE_COMMAND} -DKATEX_DIR=${katex_dir} -DLICENSE=${katex_dir}/LICENSE
          -DRENDERER=${katex_renderer} -DSTYLE=${katex_style} -DOUT=${CMAKE_BINARY_DIR}/katex
          -P ${CMAKE_SOURCE_DIR}/cmake/stage_katex.cmake
  COMMAND ${CMAKE_COMMAND} -DDIR=${CMAKE_BINARY_DIR}/katex -DFUNC=embedded_katex_files
          -DOUT=${EMBEDDED_KATEX_CC} -P ${CMAKE_SOURCE_DIR}/cmake/embed_files.cmake
  DEPENDS ${katex_dir}/katex.min.js ${katex_dir}/katex.min.css ${katex_fonts}
          ${katex_dir}/LICENSE ${katex_renderer} ${katex_style}
          ${CMAKE_SOURCE_DIR}/cmake/stage_katex.cmake ${CMAKE_SOURCE_DIR}/cmake/embed_files.cmake
  COMMENT "Embedding KaTeX from ${katex_dir}")
