#!/usr/bin/env bash
# `make test`: builds every tree and runs every test step, going on past a failing step so that one
# red step does not hide the others; prints a table of the steps and exits 1 if any failed.
# A step whose tree did not build is reported as not run (and counts as failed).
# Usage: tools/run_tests.sh   (STEPS="native test-native" runs only those, in this order)
set -uo pipefail
cd "$(dirname "$0")/.."

declare -A result seconds
order=()

# run_step NAME NEEDS... -- COMMAND...: runs COMMAND unless a step it needs did not pass.
run_step() {
  local name=$1; shift
  local needs=()
  while [[ $1 != -- ]]; do needs+=("$1"); shift; done
  shift
  if [[ -n ${STEPS:-} && " $STEPS " != *" $name "* ]]; then return; fi
  order+=("$name")
  for need in "${needs[@]}"; do
    if [[ ${result[$need]:-} != passed ]]; then
      result[$name]="not run ($need did not pass)"
      seconds[$name]=0
      return
    fi
  done
  local start=$SECONDS
  if "$@"; then result[$name]=passed; else result[$name]=FAILED; fi
  seconds[$name]=$((SECONDS - start))
}

# Steps that are not run because of STEPS count as passed for the steps that need them.
for step in setup native web asan fuzz-build; do
  [[ -n ${STEPS:-} && " $STEPS " != *" $step "* ]] && result[$step]=passed
done

run_step setup -- make setup
run_step lint setup -- make lint
run_step native setup -- make native
run_step test-native native -- make test-native
run_step web native -- make web
run_step test-web web -- make test-web
run_step gtest-counts native web -- node tools/test_summary.mjs build/native build/web
run_step asan setup -- make asan
run_step test-asan asan -- make test-asan
run_step fuzz-build setup -- make fuzz-build
run_step test-fuzz fuzz-build -- make test-fuzz
run_step test-browser web -- make test-browser

echo
echo "==> Conformance (official runner, protobuf 3.21.12)"
for tree in native web; do
  log=build/$tree/Testing/Temporary/LastTest.log
  [[ -f $log ]] || continue
  echo "    $tree:"
  grep -h "^CONFORMANCE SUITE\|^conformance:" "$log" | sed 's/^/      /'
done

echo
echo "==> Steps"
passed=0 failed=0
for name in "${order[@]}"; do
  printf '    %-14s %-34s %5ss\n' "$name" "${result[$name]}" "${seconds[$name]}"
  if [[ ${result[$name]} == passed ]]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "steps: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
