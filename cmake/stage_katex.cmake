# Copies the KaTeX files a site needs into OUT: katex.min.js, katex.min.css with only
# its woff2 fonts named (every browser that runs KaTeX reads woff2, and the site holds
# no other format), fonts/*.woff2, LICENSE (from LICENSE), and sitegen's render-math.js
# (RENDERER) and math.css (STYLE).
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT}/fonts)
file(COPY_FILE ${KATEX_DIR}/katex.min.js ${OUT}/katex.min.js)
file(COPY_FILE ${LICENSE} ${OUT}/LICENSE)
file(COPY_FILE ${RENDERER} ${OUT}/render-math.js)
file(COPY_FILE ${STYLE} ${OUT}/math.css)
file(GLOB fonts ${KATEX_DIR}/fonts/*.woff2)
foreach(f IN LISTS fonts)
  get_filename_component(name ${f} NAME)
  file(COPY_FILE ${f} ${OUT}/fonts/${name})
endforeach()
file(READ ${KATEX_DIR}/katex.min.css css)
string(REGEX REPLACE ",url\\(fonts/[A-Za-z0-9_-]+\\.(woff|ttf)\\) format\\(['\"](woff|truetype)['\"]\\)"
       "" css "${css}")
string(REGEX MATCH "url\\([^)]*\\.(woff|ttf|otf|eot)\\)" other "${css}")
if(other)
  message(FATAL_ERROR "${KATEX_DIR}/katex.min.css names a font other than woff2 (${other}): "
                      "cmake/stage_katex.cmake does not know this stylesheet's form")
endif()
file(WRITE ${OUT}/katex.min.css "${css}")
