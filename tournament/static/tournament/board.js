// Board viewer keys: ← → step through the record, Home/End jump. The buttons
// are links (they work without JavaScript); htmx swaps the board in place.
(function () {
  var keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (event) {
    var step = keys[event.key];
    if (!step || event.altKey || event.ctrlKey || event.metaKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var viewer = document.getElementById("board-viewer");
    if (!viewer) return;
    var link = viewer.querySelector('[data-step="' + step + '"]');
    if (!link) return;
    event.preventDefault();
    link.click();
  });
})();
