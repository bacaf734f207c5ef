# The two commands: `make run` (the site with the demo tournament) and
# `make test` (every test). Both set up everything they need on a fresh machine.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
STAMP  := $(VENV)/.installed

# Debian packages the tests need: Chromium for the browser tests, fonts
# for the PDFs, poppler-utils to look at PDFs as pictures, gettext to check
# the German catalogue against the code, redis-server for the tests of the
# Redis cache and of several app nodes (each test process starts its own
# throw-away server: tests/fixtures/redis_db.py).
DEB_PACKAGES := chromium fonts-dejavu-core fonts-ipaexfont-gothic poppler-utils gettext redis-server
DEB_CHECK    := /usr/bin/msgfmt /usr/bin/chromium /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf /usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf /usr/bin/pdftoppm /usr/bin/redis-server /usr/bin/redis-cli

# `make test-sqlite`: the suite on SQLite only, for a quick run.
.PHONY: run test test-sqlite test-dispatch test-versions lint install lock system-deps migrate demo bench messages serve venue clean

# The versions CI tested: requirements.lock pins every package `make install`
# installs (pip's constraints: pyproject.toml says what the project needs,
# the lock which versions of it). `make lock` updates it on purpose: the newest
# versions pyproject.toml allows, in a fresh venv; then `make test` and commit both.
LOCK := requirements.lock

$(STAMP): pyproject.toml setup.py tournament/pairing/_blossom.c $(LOCK)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c $(LOCK) -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

lock:
	rm -rf .venv-lock
	$(PYTHON) -m venv .venv-lock
	.venv-lock/bin/python -m pip install --quiet --upgrade pip
	.venv-lock/bin/python -m pip install --quiet -e '.[test]'
	{ echo "# Made by \`make lock\` (pip freeze of a fresh venv with -e '.[test]', the project left out)."; \
	  echo "# \`make install\` installs exactly these versions; update on purpose, test, commit."; \
	  .venv-lock/bin/python -m pip freeze --exclude-editable; } > $(LOCK).new
	mv $(LOCK).new $(LOCK)
	rm -rf .venv-lock
	@echo "$(LOCK) updated: run make test, then commit it"

system-deps:
	@missing=""; for f in $(DEB_CHECK); do [ -e $$f ] || missing="$$missing $$f"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages (missing:$$missing)"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $(DEB_PACKAGES) >/dev/null; \
	fi

migrate: install
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py demo

run: demo
	@echo
	@echo "Serving http://127.0.0.1:$(PORT)/  (Ctrl-C stops)"
	$(PY) manage.py runserver 127.0.0.1:$(PORT)

# The whole suite runs on SQLite (the embedded default), then the tests that use the
# database again, without the browser tests, on a throw-away PostgreSQL server that
# tests/pg_server.sh installs and starts (the pages' flows in a browser once; models,
# services, views, races and downloads on both; the rules engines, the pure pairing and
# the file readers, which never reach a database, once). tests/database_tests.py marks
# them `database` at collection (what asks for the database, by a mark or a fixture);
# one that reaches it unmarked fails rather than drop out of the PostgreSQL run.
# Both runs start throw-away Redis servers (tests/redis_server.sh, from the
# test processes that need one) for the tests of the Redis cache and of several app nodes.
# The property tests draw the same examples on every run here (a failure can
# be reproduced; plain `pytest` explores new ones each time).
# --dist loadgroup: the tests of a module marked xdist_group run on one worker (what it builds once is
# built once: tests/services/test_backup_round_trip.py); the others are spread as with plain -n.
PYTEST_ARGS ?= -q -n 2 --dist loadgroup
export HYPOTHESIS_PROFILE ?= repeatable
test: install system-deps lint test-dispatch
	$(PY) -m pytest $(PYTEST_ARGS)
	@url=$$(tests/pg_server.sh start) && echo "PostgreSQL: $$url" && \
	  DATABASE_URL=$$url $(PY) -m pytest $(PYTEST_ARGS) -m "database and not browser"; rc=$$?; tests/pg_server.sh stop; exit $$rc

# The pairing tests whose answers numpy computes (marked `numpy` at collection:
# tests/numpy_tests.py) again with numpy held to its baseline instruction set (every
# target it could dispatch to above it disabled: AVX2, AVX-512... on x86), as on a
# processor without them: the same file must give the same pairing on every machine
# (the tie rule, tournament/pairing/matching.py). tests/numpy_dispatch.py names the
# targets this numpy has; test_tie_rule.py checks that none of them runs.
test-dispatch: install
	NPY_DISABLE_CPU_FEATURES="$$($(PY) tests/numpy_dispatch.py)" $(PY) -m pytest -q -n 2 -m numpy tests/pairing

# Not part of `make test` (a venv and a download each): the pure tests (pairing, standings,
# file readers) with the oldest numpy and rustworkx pyproject.toml allows, and with the newest
# releases the registry has, beside the locked ones `make test` uses. OLDEST names them.
OLDEST ?= numpy==1.26.4 rustworkx==0.15.1
test-versions:
	for kind in oldest newest; do \
	  rm -rf .venv-$$kind && $(PYTHON) -m venv .venv-$$kind && \
	  .venv-$$kind/bin/python -m pip install --quiet --upgrade pip && \
	  if [ $$kind = oldest ]; then .venv-$$kind/bin/python -m pip install --quiet $(OLDEST); \
	  else .venv-$$kind/bin/python -m pip install --quiet --upgrade numpy rustworkx; fi && \
	  grep -v '^numpy==\|^rustworkx==' $(LOCK) > .venv-$$kind/lock.txt && \
	  .venv-$$kind/bin/python -m pip install --quiet -c .venv-$$kind/lock.txt -e '.[test]' && \
	  .venv-$$kind/bin/python -c "import numpy, rustworkx; print('$$kind: numpy', numpy.__version__, 'rustworkx', rustworkx.__version__)" && \
	  .venv-$$kind/bin/python -m pytest -q -n 2 tests/pairing tests/standings tests/files || exit 1; \
	done

# The linters (configured in pyproject.toml): ruff's checks and its formatting, and mypy
# (strict on the pure layers: games/, tournament/pairing/, tournament/standings/, the OpenGotha file's reader).
lint: install
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

bench: install
	$(PY) tests/bench/run_all.py

messages: install
	$(PY) manage.py makemessages -l de --ignore=.venv --ignore=tests --no-obsolete
	$(PY) manage.py compilemessages --ignore=.venv

clean:
	rm -rf $(VENV) .venv-lock .venv-oldest .venv-newest db.sqlite3 staticfiles test-artifacts .pytest_cache .hypothesis

test-sqlite: install system-deps
	$(PY) -m pytest $(PYTEST_ARGS)

# Production start: gunicorn on the database in DATABASE_URL (see README).
WORKERS ?= 4
serve: install
	$(PY) manage.py collectstatic --noinput -v0
	$(PY) manage.py migrate --noinput
	$(VENV)/bin/gunicorn tournament.wsgi --bind 127.0.0.1:$(PORT) --workers $(WORKERS) --access-logfile -

# The venue: this laptop serves the playing hall's network (see README, "At the venue"): gunicorn on
# every interface at the laptop's address, the publisher, and with BACKUP=/media/stick a backup every
# 10 minutes. ADDRESS=... names the address players open if the one found is not it.
venue: install
	$(PY) manage.py venue --port $(PORT) $(if $(ADDRESS),--address $(ADDRESS)) $(if $(BACKUP),--backup-to $(BACKUP))
