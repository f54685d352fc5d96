// The listening page: plain JavaScript, no framework, talking to the server's own
// endpoints. Every result is built with DOM calls (textContent), never from HTML strings,
// so no text a user pastes or uploads can become markup.
"use strict";

const $ = (id) => document.getElementById(id);

/// An element with a class and children (strings become text nodes).
function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "className") node.className = value;
    else node.setAttribute(name, value);
  }
  for (const child of children) node.append(child);
  return node;
}

/// Says `message` through the live region (cleared first, so a repeat is said again).
function announce(message) {
  const announcer = $("announcer");
  announcer.textContent = "";
  window.setTimeout(() => { announcer.textContent = message; }, 50);
}

/// The server's JSON error as one sentence, or the status when the body is not one.
async function errorMessage(response) {
  try {
    const body = await response.json();
    if (body && body.error) return `${body.error.message} (${response.status} ${body.error.code})`;
  } catch (_) { /* not JSON */ }
  return `the server answered ${response.status}.`;
}

function showError(id, message) {
  const box = $(id);
  box.textContent = message;
  box.hidden = false;
}

function clearError(id) {
  const box = $(id);
  box.textContent = "";
  box.hidden = true;
}

async function postJSON(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(await errorMessage(response));
  return response.json();
}

// MARK: Tabs (WAI-ARIA tabs: arrows, Home and End move between them)

function setUpTabs() {
  const tabs = Array.from(document.querySelectorAll('[role="tab"]'));
  const select = (tab, focus) => {
    for (const other of tabs) {
      const selected = other === tab;
      other.setAttribute("aria-selected", String(selected));
      other.tabIndex = selected ? 0 : -1;
      $(other.getAttribute("aria-controls")).hidden = !selected;
    }
    if (focus) tab.focus();
  };
  tabs.forEach((tab, index) => {
    tab.addEventListener("click", () => select(tab, false));
    tab.addEventListener("keydown", (event) => {
      const moves = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
      if (!(event.key in moves)) return;
      event.preventDefault();
      select(tabs[(moves[event.key] + tabs.length) % tabs.length], true);
    });
  });
}

// MARK: Locales

/// The languages of running text: those with the text normaliser's rules
/// (`abbreviations` in `GET /v1/locales`: abbreviations, units, money and ordinals).
async function loadLocales() {
  const response = await fetch("/v1/locales");
  if (!response.ok) throw new Error(await errorMessage(response));
  const locales = await response.json();
  const entry = locales.capabilities.abbreviations || locales.capabilities.numbers;
  const names = typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames(["en"], { type: "language" }) : null;
  for (const id of ["locale", "catalog-language"]) {
    const menu = $(id);
    const previous = menu.value;
    menu.textContent = "";
    for (const tag of entry.languages) {
      let name = tag;
      try { if (names) name = `${names.of(tag)} (${tag})`; } catch (_) { /* an unusual tag keeps its code */ }
      menu.append(element("option", { value: tag }, name));
    }
    menu.value = entry.languages.includes(previous) ? previous : (entry.languages.includes("fr") ? "fr" : entry.languages[0]);
  }
}

// MARK: Text

/// The text as sent: trimmed, as the server trims it, so that ranges match what is shown.
function currentText() {
  return $("text").value.trim();
}

/// `text` with each rewrite marked: underlined and outlined, its class as text, and what
/// it became shown on hover or focus (and given as its description).
function writtenWithRewrites(text, rewrites) {
  const fragment = document.createDocumentFragment();
  let at = 0;
  rewrites.forEach((rewrite, index) => {
    const { start, end } = rewrite.utf16;
    if (start < at) return;
    fragment.append(text.slice(at, start));
    const saidId = `said-${index}`;
    fragment.append(element("mark", { className: "rewrite", tabindex: "0", "aria-describedby": saidId, "data-kind": rewrite.kind },
      text.slice(start, end),
      element("span", { className: "tag" }, rewrite.kind),
      element("span", { className: "said", id: saidId, role: "tooltip" }, `said: ${rewrite.spoken}`)));
    at = end;
  });
  fragment.append(text.slice(at));
  return fragment;
}

/// The spoken text with each run in another language boxed, named, and given its `lang`
/// (so a screen reader reading this page switches voice there too).
function spokenWithSpans(text, spans) {
  const fragment = document.createDocumentFragment();
  let at = 0;
  for (const span of spans) {
    if (span.start16 < at) continue;
    fragment.append(text.slice(at, span.start16));
    fragment.append(element("span", { className: "foreign", lang: span.lang, "data-lang": span.lang },
      text.slice(span.start16, span.end16),
      element("span", { className: "tag", lang: "en" }, span.lang)));
    at = span.end16;
  }
  fragment.append(text.slice(at));
  return fragment;
}

function showLint(issues) {
  const list = $("lint");
  list.textContent = "";
  if (issues.length === 0) {
    list.append(element("li", {}, "No finding: a screen reader reads this label as it is."));
    return;
  }
  for (const issue of issues) {
    const item = element("li", { "data-rule": issue.rule },
      element("span", { className: `severity ${issue.severity}` }, issue.severity),
      `${issue.rule}: ${issue.message}`);
    if (issue.suggestion) item.append(` Suggestion: “${issue.suggestion}”.`);
    list.append(item);
  }
}

async function sayText(event) {
  event.preventDefault();
  clearError("text-error");
  const text = currentText();
  const locale = $("locale").value;
  if (!text) {
    showError("text-error", "there is no text to say.");
    $("text").focus();
    return;
  }
  const button = $("say");
  button.disabled = true;
  try {
    const [spoken, lint] = await Promise.all([
      postJSON("/v1/speak", { locale, kind: "text", input: text, options: { tag: true } }),
      postJSON("/v1/lint", { locale, elements: [{ label: text }] }),
    ]);
    const rewrites = spoken.rewrites || [];
    $("spoken").replaceChildren(spokenWithSpans(spoken.text, spoken.spans));
    $("written").replaceChildren(writtenWithRewrites(text, rewrites));
    const rows = $("rewrites").tBodies[0];
    rows.textContent = "";
    for (const rewrite of rewrites) {
      rows.append(element("tr", {},
        element("td", { className: "kind" }, rewrite.kind),
        element("td", {}, rewrite.original),
        element("td", {}, rewrite.spoken)));
    }
    $("rewrites").hidden = rewrites.length === 0;
    $("ssml").textContent = spoken.ssml;
    const issues = lint.results[0].issues;
    showLint(issues);
    $("text-results").hidden = false;
    const languages = [...new Set(spoken.spans.map((span) => span.lang))];
    announce(`Said: ${spoken.text}. ${rewrites.length} rewrite${rewrites.length === 1 ? "" : "s"}`
      + (languages.length ? `, in ${languages.join(", ")} too` : "")
      + `; ${issues.length} lint finding${issues.length === 1 ? "" : "s"}.`);
  } catch (error) {
    showError("text-error", error.message);
    announce(`Error: ${error.message}`);
  } finally {
    button.disabled = false;
  }
}

let audioURL = null;

async function listen() {
  clearError("text-error");
  const text = currentText();
  if (!text) {
    showError("text-error", "there is no text to listen to.");
    return;
  }
  const button = $("play");
  button.disabled = true;
  announce("Making the audio…");
  try {
    const response = await fetch("/v1/speak/audio", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ locale: $("locale").value, kind: "text", input: text, options: { tag: true } }),
    });
    if (!response.ok) throw new Error(await errorMessage(response));
    const audio = $("audio");
    if (audioURL) URL.revokeObjectURL(audioURL);
    audioURL = URL.createObjectURL(await response.blob());
    audio.src = audioURL;
    $("player").hidden = false;
    $("text-results").hidden = false;
    announce("Playing.");
    try { await audio.play(); } catch (_) { /* autoplay refused: the controls are there */ }
  } catch (error) {
    showError("text-error", error.message);
    announce(`Error: ${error.message}`);
  } finally {
    button.disabled = false;
  }
}

// MARK: Catalog

/// `Localizable.xcstrings` → `LocalizableSpoken.xcstrings`, as the command's examples name it.
function convertedName(name) {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? `${name.slice(0, dot)}Spoken${name.slice(dot)}` : `${name}Spoken`;
}

function bytesOfBase64(base64) {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

let downloadURL = null;

async function convertCatalog(event) {
  event.preventDefault();
  clearError("catalog-error");
  const file = $("catalog-file").files[0];
  if (!file) {
    showError("catalog-error", "choose a catalog file first.");
    $("catalog-file").focus();
    return;
  }
  const button = $("convert");
  button.disabled = true;
  try {
    const query = file.name.endsWith(".xcstrings") ? "" : `?language=${encodeURIComponent($("catalog-language").value)}`;
    const response = await fetch(`/v1/catalog/convert${query}`, {
      method: "POST",
      headers: { "Content-Type": "application/octet-stream" },
      body: await file.arrayBuffer(),
    });
    if (!response.ok) throw new Error(await errorMessage(response));
    const result = await response.json();

    if (downloadURL) URL.revokeObjectURL(downloadURL);
    downloadURL = URL.createObjectURL(new Blob([bytesOfBase64(result.file)], { type: "application/octet-stream" }));
    const link = $("download");
    link.href = downloadURL;
    link.download = convertedName(file.name);
    link.textContent = `Download ${link.download}`;

    const byLanguage = new Map();
    for (const change of result.changes) {
      if (!byLanguage.has(change.language)) byLanguage.set(change.language, []);
      byLanguage.get(change.language).push(change);
    }
    const tables = $("catalog-tables");
    tables.textContent = "";
    for (const [language, changes] of [...byLanguage.entries()].sort()) {
      const body = element("tbody");
      for (const change of changes) {
        const key = change.path.length ? `${change.key} (${change.path.join(" › ")})` : change.key;
        body.append(element("tr", {},
          element("th", { scope: "row" }, key),
          element("td", { lang: language }, change.original),
          element("td", { lang: language }, change.spoken)));
      }
      tables.append(element("table", { "data-language": language },
        element("caption", {}, `${language}: ${changes.length} value${changes.length === 1 ? "" : "s"} change`),
        element("thead", {}, element("tr", {},
          element("th", { scope: "col" }, "Key"), element("th", { scope: "col" }, "Written"), element("th", { scope: "col" }, "Said"))),
        body));
    }
    const report = result.report;
    let summary = `${report.keys} key${report.keys === 1 ? "" : "s"} (${report.format}); ${result.changes.length} value${result.changes.length === 1 ? "" : "s"} change.`;
    if (report.unsupportedLanguages.length) summary += ` Not spoken, copied unchanged: ${report.unsupportedLanguages.join(", ")}.`;
    if (report.kept.length) summary += ` ${report.kept.length} kept as they were (their format specifiers would change).`;
    $("catalog-summary").textContent = summary;
    $("catalog-results").hidden = false;
    announce(`Converted. ${summary}`);
  } catch (error) {
    showError("catalog-error", error.message);
    announce(`Error: ${error.message}`);
  } finally {
    button.disabled = false;
  }
}

// MARK: Start

document.addEventListener("DOMContentLoaded", () => {
  setUpTabs();
  $("text-form").addEventListener("submit", sayText);
  $("play").addEventListener("click", listen);
  $("catalog-form").addEventListener("submit", convertCatalog);
  loadLocales()
    .then(() => { document.body.dataset.ready = "true"; })
    .catch((error) => showError("text-error", `the languages could not be loaded: ${error.message}`));
});
