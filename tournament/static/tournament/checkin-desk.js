// The check-in desk by keyboard: type a few letters (htmx brings the names), ↑ ↓ choose one, Enter checks
// it in; the search box is emptied and keeps the focus for the next player. Escape empties it; Ctrl+Z in
// the empty box takes the latest check-in back. Without JavaScript the buttons do the same.
(function () {
  function box() { return document.getElementById("checkin-desk-q"); }
  function rows() { return Array.prototype.slice.call(document.querySelectorAll("#checkin-results li[data-pk]")); }
  function select(step) {
    var all = rows();
    if (!all.length) return;
    var at = all.findIndex(function (li) { return li.getAttribute("aria-selected") === "true"; });
    var next = Math.max(0, Math.min(all.length - 1, (at < 0 ? 0 : at) + step));
    all.forEach(function (li, i) { li.setAttribute("aria-selected", i === next ? "true" : "false"); });
    all[next].scrollIntoView({ block: "nearest" });
  }
  document.addEventListener("keydown", function (event) {
    var input = box();
    if (!input || event.target !== input) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      select(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      var chosen = document.querySelector('#checkin-results li[aria-selected="true"] form');
      if (chosen) chosen.requestSubmit();
    } else if (event.key === "Escape") {
      input.value = "";
      input.dispatchEvent(new Event("input", { bubbles: true }));
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z" && !input.value) {
      var undo = document.querySelector("#checkin-recent .checkin-undo");
      if (undo) { event.preventDefault(); undo.form.requestSubmit(); }
    }
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var input = box();
    if (!input || !event.detail || !event.detail.requestConfig) return;
    if (event.detail.requestConfig.verb === "post") {
      input.value = "";
      input.focus();
    }
  });
})();
