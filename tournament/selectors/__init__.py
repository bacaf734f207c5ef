"""Reads: queries that views, commands and PDFs share."""
