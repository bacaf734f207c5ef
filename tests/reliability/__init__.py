"""Whole-site properties across modules: races with real threads, fuzzing, odd input, every URL for every
role, every service's rights, one tournament isolated from another, production settings, the log-in
throttle, the audit log, translation at display time."""
