// The report's long sections, rendered from the embedded JSON only when they are opened or an
// anchor leads to them (#speaker-N, #cluster-N, #doc-N), so 2,000 documents open at once.
// A quote row is [start, end, kind, speaker, mention start, mention end, cluster, method].
(function () {
  var data = JSON.parse(document.getElementById("quoth-data").textContent);
  var SPEECH = { direct: 1, partial: 1, dialogue: 1 };
  var PAGE = 50;

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function quoteText(d, q) {
    var doc = data.documents[d], row = doc.q[q], at = QuothHighlight.byteToIndex(doc.text);
    return doc.text.slice(at(row[0]), at(row[1]));
  }
  function speakerName(row) { return row[3] >= 0 ? data.speakers[row[3]].name : SPEECH[row[2]] ? "?" : "(" + row[2] + ")"; }
  function colour(speaker) { return "var(--s" + (speaker % QuothHighlight.colours) + ")"; }
  // A document's link shows its file name; the whole id is its title.
  function docLink(d) {
    var id = data.documents[d].id;
    return el("a", { href: "#doc-" + d, title: id }, id.slice(id.lastIndexOf("/") + 1) || id);
  }

  // Adds items page by page: a "show more" button past the first PAGE.
  function paged(container, count, make) {
    var shown = 0;
    var more = el("button", { class: "more" });
    function step() {
      var end = Math.min(count, shown + PAGE);
      for (; shown < end; shown++) container.insertBefore(make(shown), more);
      more.textContent = "show " + Math.min(PAGE, count - shown) + " more of " + (count - shown);
      more.hidden = shown >= count;
    }
    more.addEventListener("click", step);
    container.appendChild(more);
    step();
    return function upTo(n) { while (shown <= n && shown < count) step(); };
  }

  // Speakers: one <details> each, its quotes listed when opened.
  var speakerList = document.getElementById("speaker-list");
  var showSpeakers = paged(speakerList, data.speakers.length, function (i) {
    var s = data.speakers[i];
    var det = el("details", { id: "speaker-" + i });
    var sum = el("summary");
    var name = el("b", {}, s.name);
    name.style.color = colour(i);
    sum.appendChild(name);
    sum.appendChild(document.createTextNode(" — " + s.m.length + " quotes (" + s.kind + "; " + s.langs.join(", ") + ")"));
    det.appendChild(sum);
    det.addEventListener("toggle", function () {
      if (!det.open || det.dataset.filled) return;
      det.dataset.filled = "1";
      var ul = el("ul", { class: "quote-list" });
      s.m.forEach(function (m) {
        var li = el("li");
        li.appendChild(document.createTextNode("“" + quoteText(m[0], m[1]) + "” — "));
        var a = docLink(m[0]);
        a.href = "#doc-" + m[0] + "-q" + m[1];
        li.appendChild(a);
        ul.appendChild(li);
      });
      det.appendChild(ul);
    });
    return det;
  });

  // Clusters: the versions side by side, one column per document.
  var clusterList = document.getElementById("cluster-list");
  var showClusters = paged(clusterList, data.clusters.length, function (i) {
    var c = data.clusters[i];
    var box = el("div", { class: "cluster", id: "cluster-" + i });
    box.appendChild(el("h3", {}, c.id + " · " + c.langs.join(" ↔ ") + " · confidence " + c.conf));
    c.m.forEach(function (m) {
      var doc = data.documents[m[0]], row = doc.q[m[1]];
      var v = el("div", { class: "version", lang: doc.lang });
      var meta = el("div", { class: "meta" });
      meta.appendChild(document.createTextNode(doc.lang + " · " + speakerName(row) + " · "));
      var a = docLink(m[0]);
      a.href = "#doc-" + m[0] + "-q" + m[1];
      meta.appendChild(a);
      v.appendChild(meta);
      v.appendChild(el("div", { class: "text" }, quoteText(m[0], m[1])));
      box.appendChild(v);
    });
    return box;
  });

  // Documents: a list of links; a document's text is highlighted when it is opened.
  var docList = document.getElementById("document-list");
  function fillDocument(d, det) {
    if (det.dataset.filled) return;
    det.dataset.filled = "1";
    var doc = data.documents[d];
    var marks = [];
    doc.q.forEach(function (row, q) {
      var speech = !!SPEECH[row[2]];
      var cls = "q k-" + row[2] + (speech ? (row[3] >= 0 ? "" : " k-unattributed") : " k-other");
      var attrs = { "data-q": String(q), title: speakerName(row) + " (" + row[2] + (row[7] ? ", " + row[7] : "") + ")" +
                    (row[6] >= 0 ? " · linked: " + data.clusters[row[6]].id : "") };
      if (row[6] >= 0) attrs["data-cluster"] = data.clusters[row[6]].id;
      var style = row[3] >= 0 ? { "--c": colour(row[3]) } : {};
      marks.push({ start: row[0], end: row[1], quote: true, cls: cls, attrs: attrs, style: style });
      if (row[4] !== null && row[3] >= 0)
        marks.push({ start: row[4], end: row[5], quote: false, cls: "mention", attrs: {}, style: style });
    });
    var pre = el("div", { class: "doc-text", lang: doc.lang });
    pre.appendChild(QuothHighlight.render(doc.text, marks));
    // Each quote gets its own anchor, #doc-N-qM.
    pre.querySelectorAll("[data-q]").forEach(function (span) {
      var id = "doc-" + d + "-q" + span.getAttribute("data-q");
      if (!document.getElementById(id)) span.id = id;
    });
    det.appendChild(pre);
  }
  var showDocuments = paged(docList, data.documents.length, function (d) {
    var doc = data.documents[d];
    var det = el("details", { id: "doc-" + d, class: "document" });
    var sum = el("summary");
    sum.appendChild(el("b", {}, doc.id));
    sum.appendChild(document.createTextNode(" — " + doc.lang + ", " + doc.q.length + " quotes"));
    det.appendChild(sum);
    det.addEventListener("toggle", function () { if (det.open) fillDocument(d, det); });
    return det;
  });

  // An anchor opens (and renders) what it points at.
  function follow() {
    var m = /^#(speaker|cluster|doc)-(\d+)(?:-q(\d+))?$/.exec(location.hash);
    if (!m) return;
    var n = +m[2];
    if (m[1] === "speaker") showSpeakers(n);
    if (m[1] === "cluster") showClusters(n);
    if (m[1] === "doc") showDocuments(n);
    var target = document.getElementById(m[1] + "-" + n);
    if (!target) return;
    if (target.tagName === "DETAILS") target.open = true;
    if (m[1] === "doc") fillDocument(n, target);
    var exact = document.getElementById(location.hash.slice(1)) || target;
    exact.scrollIntoView();
  }
  window.addEventListener("hashchange", follow);
  follow();
  document.body.dataset.ready = "1";
})();
