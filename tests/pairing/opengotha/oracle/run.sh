#!/bin/sh
# Ask OpenGotha 3.51.02 (../shared/opengotha/bin) about a file:
#   tests/pairing/opengotha/oracle/run.sh standings FILE.xml
#   tests/pairing/opengotha/oracle/run.sh pair FILE.xml ROUND
#   tests/pairing/opengotha/oracle/run.sh h9 FILE.xml OUT.h9
#   tests/pairing/opengotha/oracle/run.sh read FILE.xml   (players with rank and rating, games, byes as it holds them)
#   tests/pairing/opengotha/oracle/run.sh readback FILE.xml   (the same with participation, tables, handicaps, standings)
#   tests/pairing/opengotha/oracle/run.sh costs FILE.xml ROUND [PAIRS.tsv]
#   tests/pairing/opengotha/oracle/run.sh teams SCENARIO.txt MEMBERS.xml STANDINS.xml  (TeamOracle.java)
# Needs a JDK (Debian: default-jdk-headless). Only for recording fixtures:
# the tests read the recorded answers and need no Java.
set -e
here=$(cd "$(dirname "$0")" && pwd)
bin=${OPENGOTHA_BIN:-$here/../../../../../shared/opengotha/bin}
build=${TMPDIR:-/tmp}/vielseitig-oracle
cp="$bin/opengotha.jar:$bin/jhall.jar"
if [ ! -f "$build/info/vannier/gotha/Oracle.class" ] || [ "$here/Oracle.java" -nt "$build/info/vannier/gotha/Oracle.class" ] \
   || [ ! -f "$build/info/vannier/gotha/TeamOracle.class" ] || [ "$here/TeamOracle.java" -nt "$build/info/vannier/gotha/TeamOracle.class" ]; then
  mkdir -p "$build"
  javac -nowarn -d "$build" -cp "$cp" "$here/Oracle.java" "$here/TeamOracle.java" 2>&1 | grep -v "^Note:" >&2 || true
fi
main=Oracle
if [ "$1" = teams ]; then main=TeamOracle; shift; fi
exec java -Djava.awt.headless=true -Xss64m -cp "$build:$cp" info.vannier.gotha.$main "$@"
