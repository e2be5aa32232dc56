#!/usr/bin/env bash
# surety's collision-free step against ipc-toolkit's, side by side on the same frames.
#
#   benches/mesh_ccd_ipctk.sh [ROUNDS] [MIN_DISTANCE]
#   SCENES="cloth-40 spheres-40" benches/mesh_ccd_ipctk.sh     # some scenes only (kind-size)
#
# Installs ipc-toolkit's Python bindings (`ipctk`, PyPI) into a virtual environment of its own
# under target/ (a benchmark-only dependency: surety and its tests never need Python), writes
# scenes with benches/mesh_ccd_ipctk.py (cloths falling onto a sphere, two spheres flying into
# each other, a cloth sliding on a box it rests on, a strip twisting above a flat one, a cloth
# draped just above a sphere with every vertex jittering), and runs
# `examples/mesh_ccd.rs --csv` and ipc-toolkit's `compute_collision_free_stepsize` (LBVH broad
# phase, Tight-Inclusion narrow phase, tolerance 1e-6, 10^7 iterations) alternately, ROUNDS
# times each (default 5), with ipc-toolkit's additive CCD (not certified) as a third
# contender, on the thick cloth of ../shared/meshes and on those scenes. Prints per scene the
# steps, the median seconds (surety's broad, narrow and total; ipc-toolkit's totals) and the
# ratios of the medians. The two run in separate processes, so the rounds alternate to share the
# machine's swings between them.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-5}
# Minimum distance: 0, or the second argument (the scenes are about 2 units across).
dmin=${2:-0}
venv="$root/target/ipctk-venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import ipctk, plyfile" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet ipctk numpy plyfile
fi
py="$venv/bin/python"
(cd "$root" && cargo build --release --quiet --example mesh_ccd)
ours="$root/target/release/examples/mesh_ccd"
scenes="$root/target/mesh-ccd-scenes"
mkdir -p "$scenes"
pairs=()
cloth="$root/../shared/meshes/thick-cloth"
if [ -f "$cloth/t0.ply" ]; then
    pairs+=("$cloth/t0.ply $cloth/t1.ply")
fi
for scene in ${SCENES:-cloth-40 cloth-120 cloth-200 spheres-40 spheres-160 resting-60 twisted-12 twisted-40 draped-100 draped-200}; do
    kind=${scene%-*}
    n=${scene#*-}
    if [ ! -f "$scenes/$scene/t1.ply" ]; then
        mkdir -p "$scenes/$scene"
        "$py" "$root/benches/mesh_ccd_ipctk.py" --make-scene "$n" "$scenes/$scene" "$kind" >/dev/null
    fi
    pairs+=("$scenes/$scene/t0.ply $scenes/$scene/t1.ply")
done

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%-12s %8s %9s %20s %20s %8s %8s %8s %8s %8s %7s %7s\n' scene vertices candidates \
    "surety step" "ipctk TI step" "s broad" "s narrow" "s total" "TI" "additive" "TI/s" "add/s"
for p in "${pairs[@]}"; do
    read -r t0 t1 <<<"$p"
    name=$(basename "$(dirname "$t0")")
    [ "$dmin" = 0 ] || name="$name d=$dmin"
    : >"$scenes/ours.csv"
    : >"$scenes/theirs.csv"
    : >"$scenes/additive.csv"
    for _ in $(seq "$rounds"); do
        "$ours" --csv --min-distance "$dmin" "$t0" "$t1" | tail -n 1 >>"$scenes/ours.csv"
        # A contender that fails (ipc-toolkit's Tight-Inclusion has been killed for memory on
        # the resting cloth) is recorded as NaN and the rest goes on.
        "$py" "$root/benches/mesh_ccd_ipctk.py" --min-distance "$dmin" "$t0" "$t1" 2>/dev/null | tail -n 1 >>"$scenes/theirs.csv" ||
            echo ",,,,,,nan,nan,," >>"$scenes/theirs.csv"
        "$py" "$root/benches/mesh_ccd_ipctk.py" --min-distance "$dmin" --additive "$t0" "$t1" 2>/dev/null | tail -n 1 >>"$scenes/additive.csv" ||
            echo ",,,,,,nan,nan,," >>"$scenes/additive.csv"
    done
    # columns: vertices,edges,faces,candidates,broad_s,narrow_s,total_s,step,limit,exact_stage
    col() { cut -d, -f"$2" "$1" | median; }
    ob=$(col "$scenes/ours.csv" 5)
    on=$(col "$scenes/ours.csv" 6)
    ot=$(col "$scenes/ours.csv" 7)
    it=$(col "$scenes/theirs.csv" 7)
    at=$(col "$scenes/additive.csv" 7)
    ostep=$(head -n 1 "$scenes/ours.csv" | cut -d, -f8)
    istep=$(head -n 1 "$scenes/theirs.csv" | cut -d, -f8)
    verts=$(head -n 1 "$scenes/ours.csv" | cut -d, -f1)
    cands=$(head -n 1 "$scenes/ours.csv" | cut -d, -f4)
    ratio=$(awk -v a="$it" -v b="$ot" 'BEGIN { printf "%.2f", a / b }')
    aratio=$(awk -v a="$at" -v b="$ot" 'BEGIN { printf "%.2f", a / b }')
    printf '%-12s %8s %9s %20s %20s %8.4f %8.4f %8.4f %8.4f %8.4f %6sx %6sx\n' "$name" "$verts" \
        "$cands" "$ostep" "$istep" "$ob" "$on" "$ot" "$it" "$at" "$ratio" "$aratio"
done
echo "(ratios: ipc-toolkit's median total over surety's; above 1, surety is faster)"
