// Live reload for pages served by `sitegen serve`, injected at the end of each page (the
// server puts the build's id into `built`). Plain ES2017, no dependencies.
//
// EventSource reconnects by itself after network errors; when it gives up (the server
// answered with an error) the script retries every second. A page knows the build it
// shows; `hello` on (re)connecting updates it when the server has another build, which
// covers changes missed while disconnected.
//
// An update of a page without scripts of its own asks the server for what changed in it
// (/_sitegen/patch, see page_patch.h) and replaces just those elements: a list of a
// thousand publications is then neither fetched nor laid out again. Any other update, or
// a patch that does not fit the page, fetches the page and swaps in its body and the
// head's metadata: that keeps the scroll position and skips the browser's whole page
// load, which is most of the time from a save to the new text on screen. Inline scripts
// in the new body are run again, as a load would; a page with scripts in its head or
// scripts loaded from files, whose effects a swap cannot redo, or whose stylesheets
// changed (re-adding them would flash), is reloaded instead.
//
// A script marked `data-live-reload="keep"` keeps working across updates (the scholar
// theme's colour-scheme switch only sets `data-*` attributes on <html> and listens on the
// document; KaTeX only defines itself), so it is neither run again nor a reason to reload,
// and those attributes are not compared with the new page's. One marked
// `data-live-reload="rerun"` (typesetting math, the list's filters) is run again after
// each update, and must cope with that.
(() => {
  let built = "@@SITEGEN_BUILD@@", box = null, queue = Promise.resolve();
  const styling = 'link[rel~="stylesheet"], style, base';
  const runs = (s) => s.id !== "sitegen-live-reload" && !s.dataset.liveReload &&
    (!s.type || /^(module|(text|application)\/(java|ecma)script)$/i.test(s.type.trim()));
  const pinned = (d) => [...d.scripts].some((s) => runs(s) && (s.src || d.head.contains(s)));
  const shape = (d) => JSON.stringify([
    [...d.documentElement.attributes].filter((x) => !x.name.startsWith("data-"))
      .map((x) => [x.name, x.value]),
    [...d.head.querySelectorAll(styling)].map((e) => e.outerHTML)]);
  const rerun = (old) => {
    const s = document.createElement("script");
    for (const a of old.attributes) s.setAttribute(a.name, a.value);
    s.textContent = old.textContent;
    old.replaceWith(s);
  };
  const own = (d) => [...d.scripts].some(runs);
  const again = () => document.querySelectorAll('script[data-live-reload="rerun"]').forEach(rerun);
  // Replaces a run of an element's children, as page_patch.h describes; false, with
  // nothing changed, when the page's elements are not those the patches were made for.
  const patch = (patches) => {
    const at = patches.map((p) => {
      let el = document.body;
      p.path.forEach((i, k) => { el = el && el.children[i]; if (el && el.localName !== p.tags[k]) el = null; });
      return el && el.children.length === p.children ? el : null;
    });
    if (at.includes(null)) return false;
    patches.forEach((p, n) => {
      const el = at[n], kids = el.children, rest = p.children - p.keep - p.remove;
      const range = document.createRange();
      if (p.keep) range.setStartAfter(kids[p.keep - 1]); else range.setStart(el, 0);
      if (rest) range.setEndBefore(kids[p.children - rest]); else range.setEnd(el, el.childNodes.length);
      const nodes = range.createContextualFragment(p.html);
      range.deleteContents();
      range.insertNode(nodes);
    });
    return true;
  };
  const swap = async (id) => {
    if (id === built) return;
    try {
      // A page without scripts of its own asks only for what changed in it.
      if (!own(document)) {
        const page = encodeURIComponent(decodeURIComponent(location.pathname));
        const res = await fetch("/_sitegen/patch?from=" + encodeURIComponent(built) + "&path=" + page,
          { cache: "no-store" });
        const p = res.ok ? await res.json() : {};
        if (p.patches) {
          hide();
          if (patch(p.patches)) {
            built = p.build;
            again();
            performance.mark("sitegen:updated");
            return;
          }
        }
      }
      const res = await fetch(location.href, { cache: "no-store" });
      const type = res.headers.get("Content-Type") || "";
      if (!res.ok || !type.startsWith("text/html")) return location.reload();
      const doc = new DOMParser().parseFromString(await res.text(), "text/html");
      const script = doc.getElementById("sitegen-live-reload");
      if (!script || pinned(doc) || pinned(document) || shape(doc) !== shape(document))
        return location.reload();
      built = (script.textContent.match(/let built = "([^"]*)/) || [])[1] || id;
      for (const el of [...document.head.children]) if (!el.matches(styling)) el.remove();
      for (const el of [...doc.head.children])
        if (!el.matches(styling)) document.head.append(document.adoptNode(el));
      box = null;
      document.body.replaceWith(document.adoptNode(doc.body));
      [...document.body.querySelectorAll("script")].filter(runs).forEach(rerun);
      again();
      performance.mark("sitegen:updated");
    } catch (_) {
      location.reload();
    }
  };
  const update = (id) => { queue = queue.then(() => swap(id)); };
  const data = (e) => { try { return JSON.parse(e.data); } catch (_) { return {}; } };
  const hide = () => { if (box) { box.remove(); box = null; } };
  const show = (st) => {
    hide();
    box = document.createElement("div");
    box.id = "sitegen-errors";
    box.setAttribute("role", "alert");
    box.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:24px;" +
      "background:rgba(24,24,28,.95);color:#eee;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace";
    const head = document.createElement("div");
    const n = (st.diagnostics || []).filter((d) => d.severity === "error").length;
    head.textContent = "sitegen: the last change has " + n + " error(s); this is the last good build";
    head.style.cssText = "color:#ff7b72;font-weight:bold;margin:0 32px 16px 0";
    box.append(head);
    for (const d of st.diagnostics || []) {
      const pre = document.createElement("pre");
      pre.textContent = d.text;
      pre.style.cssText = "white-space:pre-wrap;margin:0 0 16px;padding:12px;background:#000;" +
        "border-left:4px solid " + (d.severity === "error" ? "#ff7b72" : "#d29922");
      box.append(pre);
    }
    const close = document.createElement("button");
    close.textContent = "\u00d7";
    close.title = "hide until the next build";
    close.style.cssText = "position:absolute;top:8px;right:16px;font-size:24px;background:none;border:0;color:#eee;cursor:pointer";
    close.onclick = hide;
    box.append(close);
    document.body.append(box);
  };
  const swapCss = () => {
    for (const link of document.querySelectorAll('link[rel~="stylesheet"]')) {
      const url = new URL(link.href);
      url.searchParams.set("sitegen", Date.now());
      const next = link.cloneNode();
      next.href = url.href;
      next.onload = next.onerror = () => link.remove();
      link.after(next);
    }
  };
  const connect = () => {
    const es = new EventSource("/_sitegen/events");
    const updateIfNew = (e) => update(data(e).build);
    es.addEventListener("hello", updateIfNew);
    es.addEventListener("reload", updateIfNew);
    es.addEventListener("css", (e) => { built = data(e).build; hide(); swapCss(); });
    es.addEventListener("ok", (e) => { hide(); updateIfNew(e); });
    es.addEventListener("error", (e) => {
      if (e.data) return show(data(e));  // a build error; without data: the connection's
      if (es.readyState === EventSource.CLOSED) setTimeout(connect, 1000);
    });
  };
  connect();
})();
