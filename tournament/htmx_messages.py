"""Messages of in-place (htmx) actions appear on the page where they happened.

A view that answers an htmx request with a piece of the page may still say
something with ``django.contrib.messages`` ("Alice Albers: confirmed").
Without this middleware the message would wait in the session and appear on
whatever page is loaded next, out of its context. Here it is added to the
htmx answer as an out-of-band swap of the page's message list
(``#messages`` in ``base.html``), and so shown at once, where the click was.

Only answers to htmx requests that change something (not GET: the pages'
polls must not take away messages meant for the next page) and only HTML
answers with content are touched.
"""

from __future__ import annotations

from django.contrib import messages
from django.template.loader import render_to_string


class HtmxMessagesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (
            getattr(request, "htmx", False)
            and request.method != "GET"
            and response.status_code == 200
            and response.get("Content-Type", "").startswith("text/html")
            and not getattr(response, "streaming", False)
        ):
            queued = list(messages.get_messages(request))  # marks them shown
            if queued:
                response.content += render_to_string(
                    "_messages.html", {"messages": queued, "oob": True}, request=request
                ).encode(response.charset)
        return response
