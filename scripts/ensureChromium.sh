#!/bin/sh
# npm's `pretest`: makes sure Debian's chromium is at /usr/bin/chromium for the report's browser
# test (test/integration/cli/reportBrowser.test.ts). playwright-core drives the system
# browser and never downloads one, because this workplace's machines reach no browser CDN; a fresh
# machine (and CI, which runs `npm ci && npm test` as root) has no chromium until this installs it.
# Quiet when there is nothing to do. Without root it only says what to do: the browser test then
# fails naming the missing binary, while every other test still runs.
set -eu

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "ensureChromium: $CHROMIUM is missing and this user is not root, so it is not installed here." >&2
  echo "ensureChromium: the report's browser test needs it; install Debian's package as root:" >&2
  echo "  apt-get update && apt-get install -y --no-install-recommends chromium" >&2
  exit 0
fi

echo "ensureChromium: installing Debian's chromium for the report's browser test (once per machine)" >&2
export DEBIAN_FRONTEND=noninteractive
# -qq keeps apt's progress out of the test log; errors still reach stderr and fail the script.
apt-get -qq update
apt-get -qq install -y --no-install-recommends chromium >/dev/null
if [ ! -x "$CHROMIUM" ]; then
  echo "ensureChromium: apt-get installed chromium but $CHROMIUM is still missing" >&2
  exit 1
fi
echo "ensureChromium: $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM installed")" >&2
