#!/usr/bin/env bash
# The thirteen reproductions of issue 18 (the reliability audit), run against a built CLI.
# Each line prints PASS or FAIL with what was seen; the exit status is the number of FAILs.
# Every check is bounded in time (timeout) so a regression to a hang shows as FAIL, not a
# stuck run. Usage: scripts/issue18-repros.sh [path/to/spokenform]  (default: debug build)
set -uo pipefail
cd "$(dirname "$0")/.."
SF=$(realpath "${1:-.build/debug/spokenform}")
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
failures=0
report() {  # report NUMBER OK(0/1) WHAT
    if [[ $2 == 0 ]]; then echo "PASS  $1  $3"; else echo "FAIL  $1  $3"; failures=$((failures + 1)); fi
}
# Peak RSS in KiB and exit code of a command: "CODE KIB".
peak() { python3 - "$@" <<'EOF'
import os, sys
pid = os.fork()
if pid == 0:
    null = os.open(os.devnull, os.O_WRONLY); os.dup2(null, 1); os.dup2(null, 2)
    os.execvp(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)
EOF
}
fr=(--locale fr-FR)

# 1. 200,000 digits: SIGSEGV after 9 s before; now spoken (or a typed error), no signal.
python3 -c "print('1'*200000)" > "$WORK/digits"
start=$SECONDS; timeout 120 "$SF" number "${fr[@]}" < "$WORK/digits" > "$WORK/out1" 2>/dev/null; code=$?
report 1 $(( code > 1 )) "number, 200,000 digits: exit $code in $((SECONDS - start)) s, $(wc -c < "$WORK/out1") bytes"

# 2. phone on a long invalid line: 21 s for 8,000 zeros before; a 1 MiB line must be instant.
python3 -c "print('0'*(1<<20)+'}')" > "$WORK/zeros"
start=$SECONDS; timeout 30 "$SF" phone "${fr[@]}" < "$WORK/zeros" > /dev/null 2>&1; code=$?
report 2 $(( code != 1 || SECONDS - start > 10 )) "phone, 1 MiB invalid line: exit $code in $((SECONDS - start)) s"

# 3. -o onto a device, a symlink or a FIFO: refused (exit 4) before reading, node unchanged.
printf 'n\n1\n' > "$WORK/in.csv"
ln -s "$WORK/in.csv" "$WORK/link"; mkfifo "$WORK/fifo"
ok=0; seen=""
for target in /dev/null "$WORK/link" "$WORK/fifo"; do
    timeout 20 "$SF" csv "$WORK/in.csv" "${fr[@]}" --column n=number -o "$target" > /dev/null 2>&1; code=$?
    seen+="$(basename "$target"):$code "
    [[ $code == 4 ]] || ok=1
done
[[ -c /dev/null && -L "$WORK/link" && -p "$WORK/fifo" ]] || ok=1
report 3 $ok "-o /dev/null, symlink, FIFO: ${seen}(nodes unchanged: $([[ -c /dev/null && -L "$WORK/link" && -p "$WORK/fifo" ]] && echo yes || echo NO))"

# 4. 20,000 distinct private-use tags in a locale column: 4.6 GiB before; bounded now.
python3 -c "
print('lang,n')
for i in range(20000): print(f'fr-FR-x-{i:08d},21')" > "$WORK/tags.csv"
read -r code kib < <(peak timeout 600 "$SF" csv "$WORK/tags.csv" --locale en-US --locale-column lang --column n=number -o "$WORK/tags.out")
spoken=$(grep -c ',vingt et un$' "$WORK/tags.out" 2>/dev/null)
report 4 $(( code != 0 || kib > 400 * 1024 || spoken != 20000 )) "20,000 distinct tags: exit $code, peak $((kib >> 10)) MiB, $spoken rows in French"

# 5. One 4 MiB expand cell (63 MiB took 1.2 GiB before, about 20x): peak RSS per cell byte.
python3 -c "
s = 'Dr Martin habite au 3 av. Foch, à 5 min, pour 12,50 € et le 1er prix, voilà quelque chose. '
print('t'); print('\"' + s * ((4 << 20) // len(s.encode())) + '\"')" > "$WORK/huge.csv"
read -r code0 base < <(peak "$SF" csv "$WORK/in.csv" "${fr[@]}" --column n=expand -o "$WORK/small.out")
read -r code kib < <(peak timeout 900 "$SF" csv "$WORK/huge.csv" "${fr[@]}" --column t=expand -o "$WORK/huge.out")
ratio=$(( (kib - base) / (4 * 1024) ))
report 5 $(( code != 0 || ratio > 12 )) "4 MiB expand cell: exit $code, peak $((kib >> 10)) MiB, $(( (kib - base) >> 10 )) MiB over a tiny cell (${ratio}x the cell)"

# 6. Formula injection: ' =1+1' must not become '=1+1'.
printf 't\n" =1+1"\n" +33"\n"\t-2"\n" @SUM(A1)"\n' > "$WORK/formula.csv"
timeout 20 "$SF" csv "$WORK/formula.csv" "${fr[@]}" --column t=expand -o "$WORK/formula.out" 2>/dev/null; code=$?
bad=$(tail -n +2 "$WORK/formula.out" | python3 -c "
import csv, sys
rows = list(csv.reader(sys.stdin))
print(sum(1 for r in rows if r[1][:1] in '=+-@\t\r' and r[1][:1] != r[0][:1]))")
report 6 $(( code != 0 || bad != 0 )) "expand of ' =1+1', ' +33', tab-2, ' @SUM': exit $code, $bad converted cells start a formula their input cell did not start"

# 7. -o over a 0600 file keeps 0600.
printf 'old\n' > "$WORK/private.csv"; chmod 600 "$WORK/private.csv"
timeout 20 "$SF" csv "$WORK/in.csv" "${fr[@]}" --column n=number -o "$WORK/private.csv" 2>/dev/null; code=$?
mode=$(stat -c %a "$WORK/private.csv")
report 7 $(( code != 0 || mode != 600 )) "-o over a 0600 file: exit $code, mode $mode"

# 8. tag in stdin mode: a decoded &#10; must not split the answer line.
lines=$(printf 'Activez le <b>Bluetooth&#10;maintenant</b>\nDeuxième\n' | timeout 20 "$SF" tag "${fr[@]}" 2>/dev/null | wc -l)
report 8 $(( lines != 2 )) "tag, two input lines with &#10;: $lines output lines"

# 9. Write and read errors: exit 4.
timeout 20 "$SF" number 12 "${fr[@]}" > /dev/full 2>/dev/null; full=$?
timeout 20 "$SF" number "${fr[@]}" < "$WORK" > /dev/null 2>&1; dir=$?
report 9 $(( full != 4 || dir != 4 )) "number > /dev/full: exit $full; stdin a directory: exit $dir"

# 10. NUL inside a phone number is a character, not the end of the input.
printf '06 11 22 33 06\0 not a phone\n' | timeout 20 "$SF" phone "${fr[@]}" > /dev/null 2>&1; code=$?
report 10 $(( code != 1 )) "phone with NUL then text: exit $code"

# 11. No temporary file left after SIGUSR1 or SIGXFSZ (SIGKILL's leftover is documented).
python3 -c "
print('n')
for i in range(400000): print(i)" > "$WORK/many.csv"
ok=0; seen=""
for sig in USR1 TERM QUIT; do
    mkdir -p "$WORK/sig$sig"
    # The input is a pipe left open: the run is still going when the signal comes, however
    # fast the build converts (a release build converts the 400,000 rows in under a second).
    mkfifo "$WORK/fifo$sig"
    { cat "$WORK/many.csv"; sleep 30; } > "$WORK/fifo$sig" &
    writer=$!
    "$SF" csv "${fr[@]}" --column n=number -o "$WORK/sig$sig/out.csv" < "$WORK/fifo$sig" 2>/dev/null &
    pid=$!
    for _ in $(seq 100); do [[ -n $(ls -A "$WORK/sig$sig") ]] && break; sleep 0.1; done
    sleep 0.5; kill -s "$sig" "$pid"; wait "$pid"; code=$?
    kill "$writer" 2>/dev/null; wait "$writer" 2>/dev/null
    left=$(ls -A "$WORK/sig$sig" | wc -l)
    seen+="$sig:exit $code,$left left "
    (( left == 0 && code > 128 )) || ok=1
done
mkdir -p "$WORK/xfsz"
( ulimit -f 8; exec "$SF" csv "$WORK/many.csv" "${fr[@]}" --column n=number -o "$WORK/xfsz/out.csv" ) 2>/dev/null; code=$?
left=$(ls -A "$WORK/xfsz" | wc -l); seen+="XFSZ:exit $code,$left left"
(( left == 0 )) || ok=1
grep -q "SIGKILL" Docs/csv.md || ok=1
report 11 $ok "signals during -o: $seen; SIGKILL documented in Docs/csv.md"

# 12. Header "a""b" names the added column a"b_spoken.
printf '"a""b"\n1\n' > "$WORK/quote.csv"
header=$(timeout 20 "$SF" csv "$WORK/quote.csv" "${fr[@]}" --column 'a"b=number' 2>/dev/null | head -1)
report 12 $([[ $header == '"a""b","a""b_spoken"' ]]; echo $?) "header with a doubled quote: $header"

# 13a. -o onto the file given as stdin is refused and leaves it whole.
cp "$WORK/in.csv" "$WORK/self.csv"
timeout 20 "$SF" csv "${fr[@]}" --column n=number -o "$WORK/self.csv" < "$WORK/self.csv" > /dev/null 2>&1; code=$?
report 13a $(( code != 4 )) "-o onto stdin's file: exit $code, input $(cmp -s "$WORK/in.csv" "$WORK/self.csv" && echo intact || echo CHANGED)"
# 13b. SIGQUIT ends the run (covered by 11's QUIT case).
report 13b $([[ $seen == *"QUIT:exit 131,0 left"* ]]; echo $?) "SIGQUIT ends the run (exit 131, nothing left; see 11)"
# 13c. -o DIR fails before converting anything (instant, even on a large input).
start=$SECONDS; timeout 60 "$SF" csv "$WORK/many.csv" "${fr[@]}" --column n=number -o "$WORK" > /dev/null 2>&1; code=$?
report 13c $(( code != 4 || SECONDS - start > 3 )) "-o DIR: exit $code in $((SECONDS - start)) s"
# 13d. Invalid UTF-8 to expand/tag is an error (exit 1), not a silent U+FFFD.
printf 'caf\xe9 Dr\n' | timeout 20 "$SF" expand "${fr[@]}" > /dev/null 2>&1; e=$?
printf 'caf\xe9 Dr\n' | timeout 20 "$SF" tag "${fr[@]}" > /dev/null 2>&1; t=$?
report 13d $(( e != 1 || t != 1 )) "invalid UTF-8: expand exit $e, tag exit $t"
# 13e. Docs/csv.md no longer calls built kinds "not built yet".
report 13e $(grep -qi "not built yet" Docs/csv.md; echo $(( ! $? ))) "Docs/csv.md 'not built yet': $(grep -ci 'not built yet' Docs/csv.md) mentions"
# 13f. Every cache and pool driven by a Concurrency suite: see TaskConcurrencyTests (TSan in scripts/test.sh).
report 13f $(grep -q "CacheAndPoolConcurrencyTests" -r Tests; echo $?) "caches and pools: CacheAndPoolConcurrencyTests present (run under TSan by scripts/test.sh)"
echo "$failures failure(s)"
exit "$failures"
