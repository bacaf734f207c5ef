/* The results grid's keyboard field (templates/tournament/manage/_typed_field.html).
 *
 * Each entry ("37b") is sent the moment Enter is pressed, with what was typed then, and the field is
 * emptied at once for the next one: a fast typist never waits for an answer. The entries go to the
 * server one after the other, in the order typed; each answer (the line under the field, the
 * organizer's last entries, the game's row, highlighted) is put in by htmx. After an Undo the field has
 * the focus again. Without this script (or htmx) the form is posted and the page comes back.
 */
(function () {
  "use strict";

  var queue = Promise.resolve();

  function field() {
    return document.getElementById("typed-entry-input");
  }

  function unsent(form, text) {
    var line = document.getElementById("typed-answer");
    if (line) {
      line.className = "typed-answer bad";
      line.textContent = form.getAttribute("data-unsent") + " " + text;
    }
  }

  function put(html) {
    var rows = document.querySelectorAll("tr.result-row.entered");
    for (var i = 0; i < rows.length; i++) {
      rows[i].classList.remove("entered");
    }
    window.htmx.swap("#typed-answer", html, { swapStyle: "outerHTML" });
    var row = document.querySelector("tr.result-row.entered");
    if (row) {
      row.scrollIntoView({ block: "nearest" });
    }
  }

  function send(form, data, text) {
    queue = queue.then(function () {
      return fetch(form.action, {
        method: "POST",
        body: data,
        credentials: "same-origin",
        headers: { "HX-Request": "true" },
      })
        .then(function (response) {
          if (!response.ok) {
            throw new Error(String(response.status));
          }
          return response.text();
        })
        .then(put)
        .catch(function () {
          unsent(form, text);
        });
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form || form.id !== "typed-entry-form" || !window.htmx || !window.fetch) {
      return;
    }
    event.preventDefault();
    var input = field();
    var text = input.value.trim();
    if (!text) {
      return;
    }
    var data = new FormData(form);
    input.value = "";
    input.focus();
    send(form, data, text);
  });

  // an Undo or a Replace button is swapped away with the answer: the field gets the focus back
  document.addEventListener("htmx:afterSettle", function () {
    var active = document.activeElement;
    if (field() && (!active || active === document.body)) {
      field().focus();
    }
  });
})();
