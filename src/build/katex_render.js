// Typesets each element of class "math" (its text is the TeX, as sitegen writes it) with
// KaTeX. An expression KaTeX cannot read keeps its source, shown as code, and the reason
// goes to the console and the element's title. Run again by the live reload after a page
// is updated, it typesets only what is new.
(function () {
  "use strict";
  if (typeof katex === "undefined") return;
  var els = document.querySelectorAll(".math:not(.typeset)");
  for (var i = 0; i < els.length; i++) {
    var el = els[i];
    var tex = el.textContent;
    try {
      katex.render(tex, el, {
        displayMode: el.classList.contains("display"),
        throwOnError: true,
        output: "htmlAndMathml"
      });
      el.classList.add("typeset");
    } catch (e) {
      el.textContent = tex;
      el.title = e.message;
      el.classList.add("typeset");
      console.error("math: " + e.message);
    }
  }
})();
