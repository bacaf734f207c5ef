// The live board (templates/tournament/live/_panel.html). Without this file every form still posts
// and the page comes back; with it, a tap posts the move and the board is swapped in place, and the
// board asks the server every couple of seconds whether the other phone entered a move (with its
// ETag: an unchanged board is an empty 304). On boards from 13x13 a tap marks the point and a
// second tap (or "Place") plays it; "Zoom" doubles the board inside a scrolling frame.
(function () {
  "use strict";
  if (!document.getElementById("live")) return;

  var zoomed = false;
  var inFlight = 0;      // requests under way
  var generation = 0;    // bumped by every post: a poll started before it is stale when it returns
  var selected = null;   // the point marked by a first tap
  var timer = null;
  var refocus = false;
  var posting = false;   // a move (or other form) is being posted
  var queued = null;     // a point tapped while a post was under way: posted at the version it brings back

  function panel() { return document.getElementById("live"); }

  function swap(html) {
    var template = document.createElement("template");
    template.innerHTML = html.trim();
    var fresh = template.content.querySelector("#live");
    if (!fresh) return false;
    var oldScroll = panel().querySelector(".live-scroll");
    var left = oldScroll ? oldScroll.scrollLeft : 0;
    panel().replaceWith(fresh);
    setup();
    var scroll = fresh.querySelector(".live-scroll");
    if (scroll && zoomed) scroll.scrollLeft = left;  // a zoomed board stays where the player looked
    return true;
  }

  function setup() {
    var el = panel();
    selected = null;
    var scroll = el.querySelector(".live-scroll");
    var zoom = el.querySelector(".live-zoom");
    if (zoom) {
      zoom.hidden = false;
      zoom.setAttribute("aria-pressed", zoomed ? "true" : "false");
    }
    if (scroll) scroll.classList.toggle("zoomed", Boolean(zoom) && zoomed);
    if (refocus) {
      var input = el.querySelector(".live-coordinate input[name=point]");
      if (input) input.focus();
      refocus = false;
    }
    schedule();
  }

  function schedule() {
    if (timer) clearTimeout(timer);
    timer = null;
    var ms = parseInt(panel().dataset.poll || "0", 10);
    if (ms > 0) timer = setTimeout(poll, ms);
  }

  function poll() {
    var el = panel();
    if (inFlight || document.hidden || selected) { schedule(); return; }
    var started = generation;
    inFlight += 1;
    fetch(el.dataset.stateUrl, {
      headers: { "If-None-Match": el.dataset.etag, "X-Live-Board": "1" },
      credentials: "same-origin",
      cache: "no-store"
    }).then(function (response) {
      return response.status === 200 ? response.text() : null;
    }).then(function (html) {
      inFlight -= 1;
      if (html === null || started !== generation || !swap(html)) schedule();
    }).catch(function () {
      inFlight -= 1;
      schedule();
    });
  }

  function post(form, submitter) {
    if (posting) {
      // A fast second tap (Keima's second stone) while the first is sending: the form still holds the
      // board version from before the first move, so posting it now would be refused as stale. Keep the
      // point and post it from the board the first post brings back.
      if (form.classList.contains("live-points") && submitter) queued = { action: form.action, point: submitter.value };
      return;
    }
    posting = true;
    var data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    generation += 1;
    inFlight += 1;
    refocus = form.classList.contains("live-coordinate");
    panel().classList.add("sending");
    fetch(form.action, {
      method: "POST",
      body: data,
      headers: { "X-Live-Board": "1" },
      credentials: "same-origin"
    }).then(function (response) {
      return response.text();
    }).then(function (html) {
      inFlight -= 1;
      posting = false;
      if (!swap(html)) { window.location.reload(); return; }
      var next = queued;
      queued = null;
      var points = next && panel().querySelector("form.live-points");
      if (points && points.action === next.action) {
        var button = points.querySelector('button.pt[value="' + next.point + '"]');
        if (button && !button.disabled) post(points, button);
      }
    }).catch(function () {
      inFlight -= 1;
      posting = false;
      queued = null;
      form.submit();  // no answer: post the ordinary way
    });
  }

  function unselect() {
    if (selected) selected.classList.remove("selected");
    selected = null;
    var bar = panel().querySelector(".live-confirm");
    if (bar) bar.hidden = true;
  }

  function select(button) {
    unselect();
    selected = button;
    button.classList.add("selected");
    var bar = panel().querySelector(".live-confirm");
    if (bar) {
      bar.querySelector(".live-place-point").textContent = button.value;
      bar.hidden = false;
    }
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList || !form.classList.contains("live-action") || !form.closest("#live")) return;
    var submitter = event.submitter || null;
    event.preventDefault();
    if (form.classList.contains("live-points") && panel().dataset.confirmTaps === "1" && submitter &&
        submitter !== selected) {
      select(submitter);  // first tap: mark the point
      return;
    }
    post(form, submitter);
  });

  document.addEventListener("click", function (event) {
    var target = event.target.closest ? event.target.closest("button") : null;
    if (!target || !target.closest("#live")) return;
    if (target.classList.contains("live-place") && selected) {
      post(panel().querySelector("form.live-points"), selected);
    } else if (target.classList.contains("live-cancel")) {
      unselect();
      schedule();
    } else if (target.classList.contains("live-zoom")) {
      zoomed = !zoomed;
      target.setAttribute("aria-pressed", zoomed ? "true" : "false");
      var scroll = panel().querySelector(".live-scroll");
      scroll.classList.toggle("zoomed", zoomed);
      var focus = selected || panel().querySelector(".pt.last");
      if (zoomed && focus) focus.scrollIntoView({ block: "nearest", inline: "center" });
    }
  });

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) poll();
  });

  setup();
})();
