#!/usr/bin/env bash
# Runs every libFuzzer target of build/fuzz for SECONDS each (default 20) and prints, per target,
# the executions, the coverage reached and the corpus size. A crash fails the run and leaves its
# input in build/fuzz/crashes/ (commit it under tests/fuzz/regressions/ with the fix).
# Usage: tools/run_fuzz.sh [SECONDS]   (FUZZ_TARGETS="a b" runs only those; FUZZ_SEED=N repeats
# libFuzzer's mutation sequence N: make test uses a fixed seed so that a CI failure reproduces, make
# fuzz a random one so that long runs explore)
set -uo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH="${1:-20}"
SEED="${FUZZ_SEED:-0}"  # 0: libFuzzer picks one (printed in each log)
OUT=build/fuzz
mkdir -p "$OUT/crashes" "$OUT/logs"
status=0
printf '%-22s %12s %8s %8s %s\n' target executions cov features result
for target in ${FUZZ_TARGETS:-fuzz_reader fuzz_codec_roundtrip fuzz_inspect fuzz_edit fuzz_text_reader fuzz_json_reader fuzz_proto_parser fuzz_descriptor_reader fuzz_js_tape fuzz_js_decode fuzz_har fuzz_session}; do
  corpus="$OUT/corpus/$target"
  # A fixed seed repeats a run only from the same corpus: start from the seeds alone.
  [[ $SEED != 0 ]] && corpus="$OUT/corpus-seed$SEED/$target" && rm -rf "$corpus"
  mkdir -p "$corpus"
  # Seeds: payloads for the payload targets, plus the conformance runner's inputs (dumped by the
  # native conformance test); .proto files for the parser; the tape target starts from nothing.
  inputs=()
  case "$target" in
    fuzz_proto_parser) inputs=("$OUT/fuzz/seeds/protos") ;;
    fuzz_text_reader) inputs=("$OUT/fuzz/seeds/text") ;;
    fuzz_json_reader) inputs=("tests/fuzz/seeds/json") ;;
    fuzz_har) inputs=("tests/fuzz/seeds/har") ;;
    fuzz_session) inputs=("tests/fuzz/seeds/session") ;;
    fuzz_js_tape | fuzz_descriptor_reader) ;;  # the latter mutates the embedded descriptors itself
    *) inputs=("$OUT/fuzz/seeds/payloads")
       [[ -d build/native/conformance-inputs ]] && inputs+=("build/native/conformance-inputs") ;;
  esac
  [[ -d tests/fuzz/regressions/$target ]] && inputs+=("tests/fuzz/regressions/$target")
  log="$OUT/logs/$target.log"
  started="$OUT/logs/$target.started"; touch "$started"
  "$OUT/fuzz/$target" -max_total_time="$SECONDS_EACH" -print_final_stats=1 -rss_limit_mb=4096 -timeout=60 -seed="$SEED" \
    -artifact_prefix="$OUT/crashes/$target-" "$corpus" "${inputs[@]}" >"$log" 2>&1
  rc=$?
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
  result=ok
  if [[ $rc -ne 0 ]]; then result="FAILED (see $log)"; status=1; fi
  printf '%-22s %12s %8s %8s %s\n' "$target" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$result"
  if [[ $rc -ne 0 ]]; then
    # CI keeps only what is printed: the report, and the input when it is small (with the fixed
    # seed, the same FUZZ_SEED and FUZZ_SECONDS repeat the run anyway).
    grep -m1 -B2 -A14 '==ERROR\|^==[0-9]*== ERROR\|runtime error\|ALARM\|out-of-memory\|deadly signal' "$log" | sed 's/^/    /'
    find "$OUT/crashes" -name "$target-*" -newer "$started" -size -3k | while read -r artifact; do
      echo "    input $(basename "$artifact") (base64):"; base64 -w 100 "$artifact" | sed 's/^/      /'
    done
  fi
done
exit $status
