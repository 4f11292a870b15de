#!/usr/bin/env bash
# Installs quoth's build dependencies from Debian packages (and for the Python module, its tests
# and the Dask runner: pybind11, pytest, dask, pandas; for `quoth serve` cpp-httplib, and for its
# browser tests headless Chromium, its driver and Selenium). A no-op when all are present.
set -euo pipefail
packages=(build-essential cmake pkg-config python3 libspdlog-dev
          libre2-dev libicu-dev libyaml-cpp-dev doctest-dev
          nlohmann-json3-dev libcli11-dev libstemmer-dev
          dict-freedict-swe-eng dict-freedict-swe-deu dict-freedict-deu-eng
          dict-freedict-swe-fra dict-freedict-fra-eng dict-freedict-swe-nld dict-freedict-nld-eng
          wamerican wswedish wngerman iso-codes
          python3-dev python3-pybind11 python3-pytest python3-dask python3-distributed python3-pandas
          libcpp-httplib-dev chromium chromium-driver python3-selenium)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "install-deps: installing ${missing[*]}" >&2
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
