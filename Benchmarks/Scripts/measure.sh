# Sourced by the benchmark scripts (which set $work, a scratch folder).
# `measure LABEL COMMAND…`: runs the command under GNU time, prints
# "<label>: wall W s, CPU C s, peak memory M MB", and keeps the wall seconds, CPU seconds
# (user + system) and peak kilobytes in $wall, $cpu and $peak. A failing command's output is
# shown and the script stops.
measure() {
    local label=$1 user system
    shift
    /usr/bin/time -o "$work/time" -f "%e %U %S %M" "$@" >"$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
    read -r wall user system peak <"$work/time"
    cpu=$(echo "$user + $system" | bc)
    printf '%s: wall %s s, CPU %.2f s, peak memory %d MB\n' "$label" "$wall" "$cpu" $((peak / 1024))
}
