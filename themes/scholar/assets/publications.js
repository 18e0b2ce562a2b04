// The publication list, filtered in place: text (title, authors, venue), type, year and
// topic together, kept in the address (?q=&type=&year=&topic=) so a filtered view can be
// shared. Without this script the filter links open the pre-built filter pages. Run again
// (by sitegen serve's live reload, after the list changed), it drops its old listeners.
(() => {
  if (window.sitegenPubFilter) window.sitegenPubFilter.abort();
  const listening = (window.sitegenPubFilter = new AbortController());
  const { signal } = listening;
  const nav = document.querySelector('.filters');
  const input = document.getElementById('pub-q');
  const status = document.querySelector('.filter-status');
  if (!nav || !input || !status) return;
  const search = input.parentElement;
  const reset = search.querySelector('.filter-reset');
  const active = document.querySelector('.filter-active');
  const links = [...nav.querySelectorAll('a[data-param]')];
  const groups = [...document.querySelectorAll('.pub-group')];
  const params = ['type', 'year', 'topic'];

  // Case and accents do not matter: "muller" finds "Müller".
  const fold = (s) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const entries = [...document.querySelectorAll('.pub-group .pub')].map((li) => ({
    li,
    text: fold(['.pub-title', '.pub-authors', '.pub-venue', '.pub-abbr']
      .map((s) => li.querySelector(s)?.textContent || '').join(' ')),
    type: li.dataset.type,
    year: li.dataset.year,
    topic: (li.dataset.topics || '').split(' '),
  }));

  const url = new URL(location.href);
  const state = { q: url.searchParams.get('q') || '' };
  for (const p of params) state[p] = url.searchParams.get(p) || '';

  function apply() {
    const words = fold(state.q).split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const e of entries) {
      const match = words.every((w) => e.text.includes(w)) &&
        params.every((p) => !state[p] || (p === 'topic' ? e.topic.includes(state[p]) : e[p] === state[p]));
      e.li.hidden = !match;
      if (match) shown++;
    }
    for (const g of groups) {
      const n = g.querySelectorAll('.pub:not([hidden])').length;
      g.hidden = n === 0;
      const count = g.querySelector('h2 .count');
      if (count) count.textContent = n;
    }
    for (const a of links) {
      if (state[a.dataset.param] === a.dataset.key) a.setAttribute('aria-current', 'true');
      else a.removeAttribute('aria-current');
    }
    const n = params.filter((p) => state[p]).length + (words.length ? 1 : 0);
    reset.hidden = n === 0;
    if (active) active.textContent = n ? ` (${n})` : '';
    const text = n ? status.dataset.text.replace('{shown}', shown).replace('{total}', entries.length) : '';
    if (status.textContent !== text) status.textContent = text;

    const next = new URL(location.href);
    for (const p of ['q', ...params]) {
      if (state[p]) next.searchParams.set(p, state[p]);
      else next.searchParams.delete(p);
    }
    if (next.href !== location.href) history.replaceState(null, '', next);
  }

  nav.addEventListener('click', (ev) => {
    const a = ev.target.closest('a[data-param]');
    if (!a || ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.altKey) return;
    ev.preventDefault();
    const p = a.dataset.param;
    state[p] = state[p] === a.dataset.key ? '' : a.dataset.key;
    apply();
  }, { signal });
  input.addEventListener('input', () => {
    state.q = input.value;
    apply();
  }, { signal });
  reset.addEventListener('click', () => {
    state.q = input.value = '';
    for (const p of params) state[p] = '';
    apply();
    input.focus();
  }, { signal });

  input.value = state.q;
  search.hidden = false;
  apply();
})();
