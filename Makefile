# wirelens: the thin entry point. `make run` and `make test` set up everything they need first.
#   make run          build the web app and serve the repo root (PORT=8080)
#   make test         build the four trees (native, wasm, ASan, fuzz) and run every test, browsers included
#   make fuzz         every libFuzzer target for 10 minutes (make test runs each for 20 s)
#   make bench-wire   wire micro-benchmark: native vs wasm vs libprotobuf, printed as ratios
#   make bench-codec  generated code vs libprotobuf, native and wasm
#   make bench-inspect the inspector on the ~30 MB partialSketch case, native and wasm
#   make format       apply .clang-format to every C++ file of ours, and Prettier to the JavaScript
#   make lint         C++: clang-format's check; JavaScript: ESLint, Prettier's check, tsc --checkJs over web/;
#                     and the tests that each check catches a violation
PORT ?= 8080
JOBS ?= $(shell nproc)
export NODE_PATH := /usr/share/nodejs
CMAKE_ARGS = $(shell bash tools/setup.sh --print-cmake-args)
# The wasm build runs host tools from the native tree: the plugin and the conformance runner.
HOST_TOOLS = -DWIRELENS_PLUGIN=$(CURDIR)/build/native/gen/protoc-gen-wirelens \
             -DWIRELENS_CONFORMANCE_RUNNER=$(CURDIR)/build/native/tests/conformance/conformance_test_runner \
             -DWIRELENS_SKETCH_GENERATOR=$(CURDIR)/build/native/bin/generate_sketch
MAKEFLAGS += --no-print-directory

.PHONY: format lint all setup native asan fuzz-build web run test test-native test-asan test-fuzz fuzz test-web test-browser bench-wire bench-codec bench-inspect bench-js bench bench-browsers clean

all: native web

setup:
	@bash tools/setup.sh

native: setup
	@echo "==> Building build/native"
	@cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release $(CMAKE_ARGS) >/dev/null
	@cmake --build build/native -j$(JOBS)

# The native unit tests again, under AddressSanitizer + UndefinedBehaviorSanitizer.
# The sanitized trees keep line tables only (-g1): a report's stack still names file and line, and
# the build is ~20% shorter than with full debug info (-g).
SANITIZED_FLAGS = -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG"

asan: setup
	@echo "==> Building build/asan (ASan + UBSan)"
	@cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=RelWithDebInfo $(SANITIZED_FLAGS) -DWIRELENS_SANITIZE=ON \
	  -DWIRELENS_BUILD_BENCHMARKS=OFF $(CMAKE_ARGS) >/dev/null
	@cmake --build build/asan -j$(JOBS)

# libFuzzer targets, clang with ASan + UBSan, everything coverage-instrumented.
fuzz-build: setup
	@echo "==> Building build/fuzz (libFuzzer, clang, ASan + UBSan)"
	@cmake -S . -B build/fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo $(SANITIZED_FLAGS) \
	  -DWIRELENS_FUZZ=ON -DWIRELENS_BUILD_TESTS=OFF -DWIRELENS_BUILD_BENCHMARKS=OFF $(CMAKE_ARGS) >/dev/null
	@cmake --build build/fuzz -j$(JOBS)

web: native
	@echo "==> Building build/web (Emscripten)"
	@emcmake cmake -S . -B build/web -DCMAKE_BUILD_TYPE=Release $(CMAKE_ARGS) $(HOST_TOOLS) >/dev/null
	@cmake --build build/web -j$(JOBS)

run: web
	@node web/serve.mjs --port $(PORT)

# Every step runs even when an earlier one fails; the table at the end lists them all.
test:
	@bash tools/run_tests.sh

test-native:
	@echo "==> Tests: native (ctest in build/native)"
	@ctest --test-dir build/native --output-on-failure

test-asan:
	@echo "==> Tests: native under ASan + UBSan (ctest in build/asan; 20,000 differential messages)"
	@WIRELENS_DIFF_MESSAGES=20000 ctest --test-dir build/asan --output-on-failure

FUZZ_SECONDS ?= 20
FUZZ_LONG_SECONDS ?= 600
FUZZ_SEED ?= 1
test-fuzz:
	@echo "==> Fuzzing: each target for $(FUZZ_SECONDS) s, seed $(FUZZ_SEED) (make fuzz: $(FUZZ_LONG_SECONDS) s each, random seeds)"
	@FUZZ_SEED=$(FUZZ_SEED) bash tools/run_fuzz.sh $(FUZZ_SECONDS)

fuzz: fuzz-build
	@bash tools/run_fuzz.sh $(FUZZ_LONG_SECONDS)

test-web:
	@echo "==> Tests: wasm under Node (ctest in build/web)"
	@ctest --test-dir build/web --output-on-failure

test-browser:
	@echo "==> Tests: browsers (Chromium headless via playwright-core, Firefox ESR via puppeteer-core under Xvfb)"
	@xvfb-run -a -s "-screen 0 1400x900x24" node --test web/e2e/

bench-wire: native web
	@node web/bench/cpp_bench.mjs wire_bench

bench-codec: native web
	@node web/bench/cpp_bench.mjs codec_bench

bench-inspect: native web
	@node web/bench/cpp_bench.mjs inspect_bench

bench-js: native web
	@node web/codec/bench/boundary.mjs build/web/codecs
	@node --expose-gc web/bench/ratios.mjs --rounds 7

# The Benchmark Suite (web/bench): in Node, and in Chromium + Firefox (build/bench/report.md).
bench: native web
	@node --expose-gc web/bench/cli.mjs

bench-browsers: native web
	@xvfb-run -a -s "-screen 0 1400x900x24" node web/bench/run_browsers.mjs

format:
	@git ls-files '*.cc' '*.h' | xargs clang-format -i
	@npx prettier --write --log-level warn .

lint: setup
	@echo "==> Lint: clang-format, ESLint, Prettier, tsc --checkJs"
	@git ls-files '*.cc' '*.h' | xargs clang-format --dry-run -Werror
	@npx eslint .
	@npx prettier --check --log-level warn .
	@npx tsc -p tsconfig.json
	@node --test tests/style/

clean:
	rm -rf build
