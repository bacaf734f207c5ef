"""Real threads that start at the same moment (a ``threading.Barrier``), each with its own database connection."""

from __future__ import annotations

import threading

from django.db import connection


def run_together(*jobs, timeout=60):
    """Run the jobs in threads that start at the same moment; their results (or exceptions), in order."""
    barrier = threading.Barrier(len(jobs))
    results: list = [None] * len(jobs)

    def run(i, job):
        try:
            barrier.wait(timeout=timeout)
            results[i] = job()
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            results[i] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout)
        assert not t.is_alive(), "a thread hangs"
    return results
