// The playground page: paste an article, see its quotes and speakers; edit a rule pack and see
// the effect at once; link articles side by side. Everything goes through the JSON API of
// quoth serve (/api/extract, /api/check, /api/link, /api/save); the text never leaves the machine.
// Offsets in the replies are UTF-8 byte offsets: QuothHighlight converts them (highlight.js).
"use strict";
(function () {
  var $ = function (id) { return document.getElementById(id); };
  var SPEECH = { direct: 1, partial: 1, dialogue: 1 };
  var state = { doc: null, text: "", pack: null, original: "", editable: false, canSave: false, selected: null,
                extractSeq: 0, packSeq: 0 };
  var pending = 0, completed = 0;

  function setStatus(message) { $("status").textContent = message; }
  function busy(delta) {
    pending += delta;
    if (delta < 0) completed++;
    document.body.dataset.pending = String(pending);
    document.body.dataset.completed = String(completed);
  }

  function api(method, path, body) {
    busy(1);
    var init = { method: method, headers: {} };
    if (body !== undefined) { init.headers["Content-Type"] = "application/json"; init.body = JSON.stringify(body); }
    return fetch(path, init).then(function (res) {
      return res.json().catch(function () { return { error: "HTTP " + res.status }; })
        .then(function (json) { return { status: res.status, json: json }; });
    }).catch(function (e) {
      return { status: 0, json: { error: "the server does not answer (" + e + ")" } };
    }).finally(function () { busy(-1); });
  }

  function debounce(fn, ms) {
    var timer = null;
    return function () { clearTimeout(timer); timer = setTimeout(fn, ms); };
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // --- Speakers' colours: a document's speaker sN gets the palette's colour N.
  function speakerIndex(quote) {
    if (!quote.speaker) return -1;
    var m = /\.s(\d+)$/.exec(quote.speaker.entity || "");
    return m ? +m[1] : 0;
  }
  function colour(i) { return "var(--s" + (i % QuothHighlight.colours) + ")"; }
  function label(q) { return q.speaker ? q.speaker.name : SPEECH[q.kind] ? "?" : "(" + q.kind + ")"; }

  function quoteMarks(doc, colourOf) {
    var marks = [];
    doc.quotes.forEach(function (q, i) {
      var speech = !!SPEECH[q.kind];
      var c = colourOf(q);
      var cls = "q k-" + q.kind + (speech ? (q.speaker ? "" : " k-unattributed") : " k-other");
      var style = c ? { "--c": c } : {};
      marks.push({ start: q.start, end: q.end, quote: true, cls: cls, style: style,
                   attrs: { "data-q": String(i), "data-speaker": label(q), title: label(q) + " (" + q.kind + ")" } });
      if (q.speaker && q.speaker.start !== null && q.speaker.end !== null)
        marks.push({ start: q.speaker.start, end: q.speaker.end, quote: false, cls: "mention", style: style,
                     attrs: { "data-mention": String(i) } });
    });
    return marks;
  }

  // --- The article tab.
  function renderArticle() {
    var doc = state.doc, view = $("article-view"), body = $("quote-table").tBodies[0];
    view.textContent = "";
    body.textContent = "";
    if (!doc) return;
    view.appendChild(QuothHighlight.render(state.text, quoteMarks(doc, function (q) {
      var s = speakerIndex(q);
      return s >= 0 ? colour(s) : null;
    })));
    doc.quotes.forEach(function (q, i) {
      var tr = el("tr");
      tr.dataset.q = String(i);
      var who = el("td", "speaker");
      var sw = el("span", "swatch");
      if (q.speaker) sw.style.setProperty("--c", colour(speakerIndex(q)));
      who.appendChild(sw);
      who.appendChild(document.createTextNode(label(q)));
      tr.appendChild(who);
      tr.appendChild(el("td", "text", q.text.length > 90 ? q.text.slice(0, 89) + "…" : q.text));
      tr.appendChild(el("td", "kind", q.kind));
      tr.appendChild(el("td", "method", q.speaker ? q.speaker.method : ""));
      body.appendChild(tr);
    });
    $("article-view").dataset.quotes = String(doc.quotes.length);
    if (state.selected !== null && state.selected < doc.quotes.length) select(state.selected);
    else { state.selected = null; $("explain").innerHTML = '<p class="hint">Click a quote for its evidence.</p>'; }
  }

  function select(i) {
    state.selected = i;
    document.querySelectorAll(".selected").forEach(function (e) { e.classList.remove("selected"); });
    document.querySelectorAll('#article-view [data-q="' + i + '"], #quote-table tr[data-q="' + i + '"]')
      .forEach(function (e) { e.classList.add("selected"); });
    var q = state.doc.quotes[i], box = $("explain");
    box.textContent = "";
    box.appendChild(el("h3", "", "“" + q.text + "”"));
    var facts = el("ul");
    function fact(t) { facts.appendChild(el("li", "", t)); }
    fact("kind: " + q.kind + " · found by " + q.rule + " · line " + q.line + " · confidence " + q.confidence);
    if (q.speaker) {
      fact("speaker: " + q.speaker.name + " (mention “" + q.speaker.mention + "”, " + q.speaker.method +
           (q.speaker.rule ? ", rule " + q.speaker.rule : "") + ", confidence " + q.speaker.confidence + ")");
      (q.speaker.evidence || []).forEach(function (e) { fact("evidence: " + e); });
    } else if (SPEECH[q.kind]) {
      fact("no speaker");
      (q.no_speaker || []).forEach(function (e) { fact("refused: " + e); });
    } else {
      fact("not speech: no speaker is looked for");
    }
    box.appendChild(facts);
  }

  function clickQuote(e) {
    var t = e.target.closest("[data-q]");
    if (t && state.doc) select(+t.dataset.q);
  }
  $("article-view").addEventListener("click", clickQuote);
  $("quote-table").addEventListener("click", clickQuote);

  // Extraction with the pack as it stands in the editor (when edited).
  function extract() {
    var text = $("article-input").value, seq = ++state.extractSeq;
    var edited = state.pack && $("rule-editor").value !== state.original;
    if (!text) {
      state.doc = null; state.text = ""; renderArticle();
      if (edited) return checkPack();
      return Promise.resolve();
    }
    var body = { text: text, id: state.fileName || "pasted", lang: $("lang").value };
    if (edited) body.pack = { path: state.pack, yaml: $("rule-editor").value };
    setStatus("reading…");
    return api("POST", "/api/extract", body).then(function (r) {
      if (seq !== state.extractSeq) return;
      if (r.status === 200) {
        state.doc = r.json; state.text = text;
        renderArticle();
        setStatus(r.json.quotes.length + " quotes, " + r.json.speakers.length + " speakers (" + r.json.lang + ")");
      } else {
        setStatus(r.json.error || "HTTP " + r.status);
      }
      if (body.pack || r.status === 422) showCheck(r.status, r.json);
      else if (state.pack && !edited) showCheck(200, { diagnostics: [], examples: state.examples || [] });
      document.body.dataset.extracted = String(seq);
    });
  }
  var extractSoon = debounce(extract, 200);
  $("article-input").addEventListener("input", function () { state.fileName = null; extractSoon(); });
  $("lang").addEventListener("change", extract);
  $("article-file").addEventListener("change", function (e) {
    var file = e.target.files[0];
    if (!file) return;
    var reader = new FileReader();
    reader.onload = function () { $("article-input").value = reader.result; state.fileName = file.name; extract(); };
    reader.readAsText(file, "utf-8");
  });

  // --- The rule editor: line numbers, diagnostics at their line, examples passed or failed.
  function lineCount() { return $("rule-editor").value.split("\n").length; }
  function drawGutter(errors) {
    var g = $("gutter"), n = lineCount();
    g.textContent = "";
    for (var i = 1; i <= n; i++) {
      var s = el("span", errors && errors[i] ? "err" : "", String(i));
      s.dataset.line = String(i);
      if (errors && errors[i]) s.title = errors[i];
      g.appendChild(s);
      g.appendChild(document.createTextNode("\n"));
    }
    g.scrollTop = $("rule-editor").scrollTop;
  }
  var lastDiagnostics = [];
  function lineHeight() { return parseFloat(getComputedStyle($("rule-editor")).lineHeight) || 18; }
  function drawBubbles() {
    var box = $("bubbles"), lh = lineHeight(), top = $("rule-editor").scrollTop;
    box.textContent = "";
    lastDiagnostics.forEach(function (d) {
      if (!d.line || d.file !== state.pack || d.severity === "warning") return;
      var b = el("div", "bubble sev-" + d.severity, d.text);
      b.dataset.line = String(d.line);
      b.style.top = (4 + d.line * lh - top) + "px";
      box.appendChild(b);
    });
  }
  $("rule-editor").addEventListener("scroll", function () { $("gutter").scrollTop = $("rule-editor").scrollTop; drawBubbles(); });

  function showCheck(status, json) {
    var diagnostics = json.diagnostics || [], errors = {}, list = $("diagnostics");
    lastDiagnostics = diagnostics;
    list.textContent = "";
    diagnostics.forEach(function (d) {
      var li = el("li", "sev-" + d.severity);
      li.dataset.line = String(d.line || 0);
      li.dataset.file = d.file || "";
      li.appendChild(el("pre", "", d.text));
      li.addEventListener("click", function () { if (d.file === state.pack) goToLine(d.line); });
      list.appendChild(li);
      if (d.file === state.pack && d.line && d.severity !== "warning") errors[d.line] = (errors[d.line] ? errors[d.line] + "\n" : "") + d.text;
    });
    drawGutter(errors);
    drawBubbles();
    var ex = $("examples");
    ex.textContent = "";
    (json.examples || []).forEach(function (e) {
      var li = el("li", e.passed ? "passed" : "failed", "line " + e.line + ": " + e.text);
      if (!e.passed) li.title = e.message;
      ex.appendChild(li);
    });
    var cs = $("check-status"), failed = (json.examples || []).filter(function (e) { return !e.passed; }).length;
    var bad = status !== 200 || diagnostics.some(function (d) { return d.severity !== "warning"; });
    cs.className = bad ? "bad" : "good";
    cs.textContent = status === 422 ? "the pack does not load: " + (json.error || "") :
                     status !== 200 ? (json.error || "HTTP " + status) :
                     bad ? failed + " example(s) fail" : "check passes" + (json.examples ? " (" + json.examples.length + " examples)" : "");
    $("pack-save").disabled = !(state.canSave && state.editable && !bad);
    document.body.dataset.checked = String(++state.packSeq);
  }

  function goToLine(line) {
    var ed = $("rule-editor"), lines = ed.value.split("\n"), at = 0;
    for (var i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
    ed.focus();
    ed.setSelectionRange(at, at + (lines[line - 1] || "").length);
    ed.scrollTop = Math.max(0, (line - 5) * lineHeight());
  }

  function checkPack() {
    if (!state.pack) return Promise.resolve();
    return api("POST", "/api/check", { path: state.pack, yaml: $("rule-editor").value }).then(function (r) {
      if (r.status === 200 && $("rule-editor").value === state.original) state.examples = r.json.examples;
      showCheck(r.status, r.json);
    });
  }

  function loadPack(path) {
    return api("GET", "/api/pack?path=" + encodeURIComponent(path)).then(function (r) {
      if (r.status !== 200) { setStatus(r.json.error); return; }
      state.pack = path; state.original = r.json.yaml; state.editable = r.json.editable; state.examples = null;
      $("rule-editor").value = r.json.yaml;
      $("rule-editor").scrollTop = 0;
      drawGutter({});
      return checkPack().then(extract);
    });
  }
  $("pack-select").addEventListener("change", function () { loadPack($("pack-select").value); });
  $("pack-reset").addEventListener("click", function () { $("rule-editor").value = state.original; drawGutter({}); extract(); });
  var editSoon = debounce(function () { extract(); }, 250);
  $("rule-editor").addEventListener("input", function () { drawGutter({}); editSoon(); });
  $("rule-editor").addEventListener("keydown", function (e) {
    if (e.key !== "Tab") return;  // YAML indents with spaces
    e.preventDefault();
    var ed = e.target, s = ed.selectionStart;
    ed.setRangeText("  ", s, ed.selectionEnd, "end");
    ed.dispatchEvent(new Event("input"));
  });
  $("pack-save").addEventListener("click", function () {
    api("POST", "/api/save", { path: state.pack, yaml: $("rule-editor").value }).then(function (r) {
      if (r.status === 200) { state.original = $("rule-editor").value; setStatus("saved " + r.json.saved); }
      else { setStatus("not saved: " + (r.json.error || r.status)); if (r.json.diagnostics) showCheck(r.status, r.json); }
    });
  });

  // --- The linked articles tab.
  var linkCount = 0;
  function addLinkInput(id, text) {
    linkCount++;
    var box = el("div", "link-input");
    var name = el("input");
    name.type = "text"; name.value = id || "article " + linkCount; name.className = "link-id";
    var file = el("input");
    file.type = "file"; file.accept = ".txt,text/plain";
    var area = el("textarea", "link-text");
    area.placeholder = "Paste an article";
    area.value = text || "";
    file.addEventListener("change", function () {
      var f = file.files[0];
      if (!f) return;
      var reader = new FileReader();
      reader.onload = function () { area.value = reader.result; name.value = f.name; };
      reader.readAsText(f, "utf-8");
    });
    var bar = el("div", "toolbar");
    bar.appendChild(name); bar.appendChild(file);
    box.appendChild(bar); box.appendChild(area);
    $("link-inputs").appendChild(box);
  }
  function link() {
    var docs = [];
    document.querySelectorAll(".link-input").forEach(function (box) {
      var text = box.querySelector(".link-text").value;
      if (text) docs.push({ id: box.querySelector(".link-id").value, text: text });
    });
    if (docs.length < 2) { $("link-summary").textContent = "give two or more articles"; return Promise.resolve(); }
    var body = { documents: docs };
    if (state.pack && $("rule-editor").value !== state.original) body.pack = { path: state.pack, yaml: $("rule-editor").value };
    $("link-summary").textContent = "linking…";
    return api("POST", "/api/link", body).then(function (r) {
      if (r.status !== 200) { $("link-summary").textContent = r.json.error || "HTTP " + r.status; return; }
      renderLinks(r.json, docs);
      document.body.dataset.linked = String(r.json.clusters.length);
    });
  }
  function renderLinks(result, inputs) {
    var table = $("link-table"), byId = {}, colourOfCluster = {};
    table.textContent = "";
    result.clusters.forEach(function (c, i) { colourOfCluster[c.id] = colour(i); });
    result.documents.forEach(function (d, di) { d.quotes.forEach(function (q) { byId[q.id] = { doc: di, q: q }; }); });
    var head = el("tr");
    head.appendChild(el("th", "", "link"));
    result.documents.forEach(function (d) { head.appendChild(el("th", "", d.id + " (" + d.lang + ")")); });
    table.appendChild(head);
    result.clusters.forEach(function (c) {
      var tr = el("tr", "cluster-row");
      tr.dataset.cluster = c.id;
      var idCell = el("td", "cid");
      var sw = el("span", "swatch");
      sw.style.setProperty("--c", colourOfCluster[c.id]);
      idCell.appendChild(sw);
      idCell.appendChild(document.createTextNode(c.id + " · " + c.confidence));
      tr.appendChild(idCell);
      result.documents.forEach(function (d, di) {
        var td = el("td", "member");
        c.quotes.forEach(function (id) {
          var m = byId[id];
          if (!m || m.doc !== di) return;
          var p = el("div", "version");
          p.appendChild(el("b", "", label(m.q) + ": "));
          p.appendChild(document.createTextNode("“" + m.q.text + "”"));
          td.appendChild(p);
        });
        tr.appendChild(td);
      });
      table.appendChild(tr);
    });
    var docs = $("link-docs");
    docs.textContent = "";
    result.documents.forEach(function (d, di) {
      var box = el("div");
      box.appendChild(el("h3", "", d.id + " (" + d.lang + ")"));
      var view = el("div", "doc-text");
      view.appendChild(QuothHighlight.render(inputs[di].text, quoteMarks(d, function (q) {
        return q.cluster ? colourOfCluster[q.cluster] : null;
      })));
      view.querySelectorAll("[data-q]").forEach(function (s) {
        var q = d.quotes[+s.dataset.q];
        if (q.cluster) s.dataset.cluster = q.cluster; else s.classList.add("k-other");
      });
      box.appendChild(view);
      docs.appendChild(box);
    });
    var across = result.clusters.filter(function (c) { return c.languages.length > 1; }).length;
    $("link-summary").textContent = result.clusters.length + " linked utterances, " + across + " across languages";
  }
  $("link-add").addEventListener("click", function () { addLinkInput(); });
  $("link-run").addEventListener("click", link);
  addLinkInput(); addLinkInput();

  // --- Tabs.
  function showTab(which) {
    $("view-article").hidden = which !== "article";
    $("view-link").hidden = which !== "link";
    $("tab-article").classList.toggle("active", which === "article");
    $("tab-link").classList.toggle("active", which === "link");
  }
  $("tab-article").addEventListener("click", function () { showTab("article"); });
  $("tab-link").addEventListener("click", function () { showTab("link"); });

  // --- Start: the packs and languages the server has.
  api("GET", "/api/packs").then(function (r) {
    if (r.status !== 200) { setStatus(r.json.error); return; }
    state.canSave = r.json.save;
    r.json.languages.forEach(function (l) { var o = el("option", "", l); o.value = l; $("lang").appendChild(o); });
    r.json.packs.forEach(function (p) {
      var o = el("option", "", p.path + (p.editable ? "" : " (built-in)"));
      o.value = p.path;
      $("pack-select").appendChild(o);
    });
    document.body.dataset.ready = "1";
    if (r.json.packs.length) return loadPack(r.json.packs[0].path);
  });
})();
