# KaTeX typesets the math of a site in the browser. The files Debian's libjs-katex and
# fonts-katex install (the script, the stylesheet, the woff2 fonts, the license) are
# compiled into sitegen with its own renderer script and stylesheet, and copied into a site that has
# math: the binary stays self-contained and a built site asks no CDN for anything.
set(SITEGEN_KATEX_DIR /usr/share/javascript/katex CACHE PATH
    "Folder holding KaTeX's katex.min.js, katex.min.css and fonts/ (Debian: libjs-katex, fonts-katex)")
set(SITEGEN_KATEX_LICENSE "" CACHE FILEPATH
    "KaTeX's license text (empty: LICENSE in or above SITEGEN_KATEX_DIR, or Debian's copyright file)")

file(GLOB katex_fonts ${SITEGEN_KATEX_DIR}/fonts/*.woff2)
foreach(f katex.min.js katex.min.css)
  if(NOT EXISTS ${SITEGEN_KATEX_DIR}/${f})
    message(FATAL_ERROR "KaTeX not found: no ${SITEGEN_KATEX_DIR}/${f}. Install Debian's "
                        "libjs-katex and fonts-katex (apt-get install libjs-katex fonts-katex), "
                        "or set -DSITEGEN_KATEX_DIR to a folder holding katex.min.js, "
                        "katex.min.css and fonts/ (KaTeX's dist folder)")
  endif()
endforeach()
if(NOT katex_fonts)
  message(FATAL_ERROR "KaTeX's fonts not found: no ${SITEGEN_KATEX_DIR}/fonts/*.woff2. Install "
                      "Debian's fonts-katex (apt-get install fonts-katex), or set "
                      "-DSITEGEN_KATEX_DIR to a folder holding katex.min.js, katex.min.css and fonts/")
endif()
set(katex_license ${SITEGEN_KATEX_LICENSE})
if(NOT katex_license)
  foreach(f ${SITEGEN_KATEX_DIR}/LICENSE ${SITEGEN_KATEX_DIR}/../LICENSE
            /usr/share/doc/libjs-katex/copyright)
    if(EXISTS ${f})
      set(katex_license ${f})
      break()
    endif()
  endforeach()
endif()
if(NOT katex_license OR NOT EXISTS "${katex_license}")
  message(FATAL_ERROR "KaTeX's license text not found (Debian: /usr/share/doc/libjs-katex/copyright "
                      "from libjs-katex): set -DSITEGEN_KATEX_LICENSE to it")
endif()

set(EMBEDDED_KATEX_CC ${CMAKE_BINARY_DIR}/embedded_katex.cc)
set(katex_renderer ${CMAKE_SOURCE_DIR}/src/build/katex_render.js)
set(katex_style ${CMAKE_SOURCE_DIR}/src/build/katex_math.css)
add_custom_command(
  OUTPUT ${EMBEDDED_KATEX_CC}
  COMMAND ${CMAKE_COMMAND} -DKATEX_DIR=${SITEGEN_KATEX_DIR} -DLICENSE=${katex_license}
          -DRENDERER=${katex_renderer} -DSTYLE=${katex_style} -DOUT=${CMAKE_BINARY_DIR}/katex
          -P ${CMAKE_SOURCE_DIR}/cmake/stage_katex.cmake
  COMMAND ${CMAKE_COMMAND} -DDIR=${CMAKE_BINARY_DIR}/katex -DFUNC=embedded_katex_files
          -DOUT=${EMBEDDED_KATEX_CC} -P ${CMAKE_SOURCE_DIR}/cmake/embed_files.cmake
  DEPENDS ${SITEGEN_KATEX_DIR}/katex.min.js ${SITEGEN_KATEX_DIR}/katex.min.css ${katex_fonts}
          ${katex_license} ${katex_renderer} ${katex_style} ${CMAKE_SOURCE_DIR}/cmake/stage_katex.cmake
          ${CMAKE_SOURCE_DIR}/cmake/embed_files.cmake
  COMMENT "Embedding KaTeX from ${SITEGEN_KATEX_DIR}")
