"use strict";
// Mana symbols drawn with the vendored mana-font ({2}{R} -> icons), and HTML escaping.

const Mana = (() => {
  const escape = (s) =>
    String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

  const SPECIAL = { t: "tap", q: "untap", "∞": "infinity", "½": "1-2" };

  function symbol(inner) {
    let key = inner.toLowerCase().replaceAll("/", "");
    key = SPECIAL[key] || key;
    const title = `{${inner}}`;
    return `<i class="ms ms-${escape(key)} ms-cost ms-shadow" title="${escape(title)}" aria-label="${escape(title)}"></i>`;
  }

  // Text with every {X} symbol drawn as an icon (the rest escaped).
  function symbols(text) {
    return escape(text).replace(/\{([^}]{1,6})\}/g, (_, inner) => symbol(inner));
  }

  return { escape, symbols, symbol };
})();
