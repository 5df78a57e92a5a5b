#!/usr/bin/env bash
# Builds the fuzz targets (fuzz/) with libFuzzer's coverage instrumentation on the stable
# toolchain, as `cargo fuzz build` does, and runs each one for a bounded time from its seed
# corpus (fuzz/corpus/<target>). A crash stops the run: its input is left in
# fuzz/artifacts/<target>/ and the script fails; add the input to the target's regression test.
#
#   tools/fuzz.sh                  every target, FUZZ_SECONDS (default 60) each
#   tools/fuzz.sh request title    those targets
#   FUZZ_SEED=0 tools/fuzz.sh      a new random seed each run (default 1: a run goes the same way
#                                  on the same code, so CI's verdict is the code's, not luck's)
#
# With cargo-fuzz and a nightly toolchain, `cargo fuzz run <target>` runs a target as well.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${FUZZ_SECONDS:-60}"
seed="${FUZZ_SEED:-1}"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(request title php_unserialize dump_reader wikitext_links preprocessor diff render)
fi
triple="$(rustc -vV | sed -n 's/^host: //p')"

# cargo fuzz's instrumentation; the explicit --target keeps it off build scripts and macros.
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cdebug-assertions -Coverflow-checks"
cargo build --release --locked --manifest-path fuzz/Cargo.toml --target "$triple" \
  $(printf -- '--bin %s ' "${targets[@]}")

status=0
for target in "${targets[@]}"; do
  work="$(mktemp -d)"
  mkdir -p "fuzz/artifacts/$target"
  log="$work/log"
  # New inputs go to the first (temporary) folder; the checked-in seeds are only read.
  if "fuzz/target/$triple/release/$target" "$work" "fuzz/corpus/$target" \
      -max_total_time="$seconds" -seed="$seed" -rss_limit_mb=2048 -timeout=10 -max_len=65536 \
      -artifact_prefix="fuzz/artifacts/$target/" -print_final_stats=1 >"$log" 2>&1; then
    runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)"
    echo "fuzz $target: ${runs:-?} executions in ${seconds} s, no crash"
  else
    echo "fuzz $target: CRASH"
    tail -n 60 "$log"
    status=1
  fi
  rm -rf "$work"
done
exit "$status"
