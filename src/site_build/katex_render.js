// Typesets each element of class "math" (its text is the TeX, as sitegen writes it) with
// KaTeX. Math can come from files the site's owner did not write (a co-author's .bib), so
// KaTeX's limits are set here rather than left to its defaults: a bounded number of macro
// expansions, sizes capped, no commands that make links or HTML, and a parse error shown
// in place rather than thrown. Each expression is typeset on its own, in document order,
// in slices of about 50 ms: the first before the page is shown, the rest after the load,
// so one slow expression, or a list of a thousand, never holds the page; printing
// typesets what is left first. An expression KaTeX cannot read keeps its source, shown
// as code, and the reason goes to the console and the element's title. Run again by the
// live reload after a page is updated, it typesets only what is new.
(function () {
  "use strict";
  if (typeof katex === "undefined") return;
  var kSliceMs = 50;
  var queue = Array.prototype.slice.call(document.querySelectorAll(".math:not(.typeset)"));
  var next = 0;

  function typeset(el) {
    // Typeset already by an earlier run, or gone with a live-reload update.
    if (el.classList.contains("typeset") || !document.contains(el)) return;
    var tex = el.textContent;
    var failure = "";
    try {
      katex.render(tex, el, {
        displayMode: el.classList.contains("display"),
        output: "htmlAndMathml",
        throwOnError: false,
        trust: false,
        maxExpand: 1000,
        maxSize: 20
      });
      var error = el.querySelector(".katex-error");
      if (error) failure = error.title || "KaTeX cannot read this TeX";
    } catch (e) {
      failure = String(e && e.message ? e.message : e);
    }
    if (failure) {
      el.textContent = tex;
      el.title = failure;
      el.classList.add("unreadable");
      console.error("math: " + failure);
    }
    el.classList.add("typeset");
  }

  function rest() {
    while (next < queue.length) typeset(queue[next++]);
    window.removeEventListener("beforeprint", rest);
  }

  function slice() {
    var end = performance.now() + kSliceMs;
    while (next < queue.length && performance.now() < end) typeset(queue[next++]);
    if (next < queue.length) setTimeout(slice, 0);
    else window.removeEventListener("beforeprint", rest);
  }

  window.addEventListener("beforeprint", rest);
  slice();
})();
