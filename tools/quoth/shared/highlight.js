// Highlights quotes and speaker mentions in a document's text, for the serve page and the report.
//
// quoth's offsets are UTF-8 byte offsets; a JavaScript string is indexed in UTF-16 code units.
// byteToIndex walks the text once, code point by code point, and maps every byte offset to its
// code unit index (a byte inside a code point maps to the code point's start), so "”Vi" or
// "„Wir" highlight the same words the CLI prints. render() cuts the text at every start and end
// of a quote or mention and wraps each piece in the quote (innermost first) and mention that
// cover it, so overlapping spans never produce broken markup.
"use strict";
var QuothHighlight = (function () {
  function byteToIndex(text) {
    var size = 0, i, cp;
    for (i = 0; i < text.length; i++) {
      cp = text.codePointAt(i);
      size += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      if (cp > 0xffff) i++;
    }
    var map = new Uint32Array(size + 1), b = 0, len, k;
    for (i = 0; i < text.length; ) {
      cp = text.codePointAt(i);
      len = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      for (k = 0; k < len; k++) map[b + k] = i;
      b += len;
      i += cp > 0xffff ? 2 : 1;
    }
    map[size] = text.length;
    return function (offset) {
      if (offset === null || offset === undefined) return null;
      return offset >= size ? text.length : map[Math.max(0, offset)];
    };
  }

  // marks: [{start, end (bytes), quote: true|false, cls, attrs: {name: value}, style: {"--c": ...}}]; quotes
  // and mentions may overlap. Returns a DocumentFragment.
  function render(text, marks) {
    var toIndex = byteToIndex(text);
    var spans = marks.map(function (m) {
      return { s: toIndex(m.start), e: toIndex(m.end), m: m };
    }).filter(function (x) { return x.s !== null && x.e !== null && x.e > x.s; });
    var cuts = [0, text.length];
    spans.forEach(function (x) { cuts.push(x.s, x.e); });
    cuts = Array.from(new Set(cuts)).sort(function (a, b) { return a - b; });
    spans.sort(function (p, q) { return p.s - q.s; });
    var fragment = document.createDocumentFragment(), active = [], next = 0;
    for (var c = 0; c + 1 < cuts.length; c++) {
      var a = cuts[c], z = cuts[c + 1];
      while (next < spans.length && spans[next].s <= a) active.push(spans[next++]);
      active = active.filter(function (x) { return x.e > a; });
      if (z <= a) continue;
      var quote = null, mention = null;
      for (var j = 0; j < active.length; j++) {
        var x = active[j];
        if (x.e >= z) {
          if (x.m.quote) { if (!quote || x.s >= quote.s) quote = x; }
          else if (!mention || x.s >= mention.s) mention = x;
        }
      }
      var node = document.createTextNode(text.slice(a, z));
      [mention, quote].forEach(function (x) {
        if (!x) return;
        var el = document.createElement("span");
        el.className = x.m.cls;
        Object.keys(x.m.attrs || {}).forEach(function (k) { el.setAttribute(k, x.m.attrs[k]); });
        // Custom properties through the CSSOM: the page's Content-Security-Policy refuses style attributes.
        Object.keys(x.m.style || {}).forEach(function (k) { el.style.setProperty(k, x.m.style[k]); });
        el.appendChild(node);
        node = el;
      });
      fragment.appendChild(node);
    }
    return fragment;
  }

  return { byteToIndex: byteToIndex, render: render, colours: 12 };
})();
