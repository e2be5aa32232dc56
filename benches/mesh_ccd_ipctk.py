"""ipc-toolkit's collision-free step on two PLY frames, for benches/mesh_ccd_ipctk.sh.

    python mesh_ccd_ipctk.py T0.ply T1.ply [--min-distance D] [--additive]
    python mesh_ccd_ipctk.py --make-scene N OUTDIR [cloth|spheres|resting|twisted|draped]

The first form prints the same CSV columns as `cargo run --release --example mesh_ccd -- --csv`
(ipc-toolkit's LBVH broad phase, then its Tight-Inclusion narrow phase with tolerance 1e-6 and
10^7 iterations, as in its own defaults, or with `--additive` its additive CCD, which is not
certified; `exact_stage` is empty). The second writes a test
scene (t0.ply, t1.ply): an N x N cloth falling by 1.5 onto a sphere of radius 0.5 (`cloth`,
the default), two spheres of about N^2 faces each flying into each other (`spheres`), an
N x N cloth lying on a box's top face and sliding along it (`resting`, in contact from t = 0),
a strip of 8N x N cells twisting by up to a quarter turn above a flat one (`twisted`), or an
N x N cloth draped 1e-3 above a sphere, each of its vertices moving by a random step of about
2e-3 (`draped`, near but apart, as in a simulation's frame).

A benchmark-only script: surety and its tests never need Python.
"""

import sys
import time

import numpy as np
import ipctk
from plyfile import PlyData, PlyElement


def load(path):
    ply = PlyData.read(path)
    v = ply["vertex"]
    vertices = np.column_stack([v["x"], v["y"], v["z"]]).astype(np.float64)
    faces = np.vstack([np.asarray(f, dtype=np.int64) for f in ply["face"]["vertex_indices"]])
    return vertices, faces


def save(path, vertices, faces):
    v = np.array([tuple(p) for p in vertices], dtype=[("x", "f8"), ("y", "f8"), ("z", "f8")])
    f = np.array([(list(t),) for t in faces], dtype=[("vertex_indices", "i4", (3,))])
    PlyData([PlyElement.describe(v, "vertex"), PlyElement.describe(f, "face")]).write(path)


def uv_sphere(m, radius, centre):
    """A latitude-longitude sphere: m + 1 rings of 2m points, and its poles."""
    theta = np.linspace(0.0, np.pi, m + 1)[1:-1]
    phi = np.linspace(0.0, 2.0 * np.pi, 2 * m, endpoint=False)
    tt, pp = np.meshgrid(theta, phi, indexing="ij")
    ring = np.column_stack(
        [radius * np.sin(tt).ravel() * np.cos(pp).ravel(),
         radius * np.sin(tt).ravel() * np.sin(pp).ravel(),
         radius * np.cos(tt).ravel()])
    v = np.vstack([ring, [[0.0, 0.0, radius], [0.0, 0.0, -radius]]]) + np.asarray(centre)
    rows, cols = len(theta), len(phi)
    top, bottom = rows * cols, rows * cols + 1
    faces = []
    for i in range(rows - 1):
        for j in range(cols):
            p, q = i * cols + j, i * cols + (j + 1) % cols
            r, s = p + cols, q + cols
            faces += [[p, r, s], [p, s, q]]
    base = (rows - 1) * cols
    for j in range(cols):
        faces.append([top, j, (j + 1) % cols])
        faces.append([bottom, base + (j + 1) % cols, base + j])
    return v, np.array(faces)


def grid(n, z):
    xs = np.linspace(-1.0, 1.0, n)
    gx, gy = np.meshgrid(xs, xs, indexing="ij")
    v = np.column_stack([gx.ravel(), gy.ravel(), np.full(n * n, z)])
    idx = np.arange(n * n).reshape(n, n)
    a, b, c, d = idx[:-1, :-1].ravel(), idx[1:, :-1].ravel(), idx[1:, 1:].ravel(), idx[:-1, 1:].ravel()
    return v, np.vstack([np.column_stack([a, b, c]), np.column_stack([a, c, d])])


def make_scene(n, outdir, kind="cloth"):
    if kind == "spheres":
        a, fa = uv_sphere(n, 0.5, [-0.6, 0.0, 0.0])
        b, fb = uv_sphere(n, 0.5, [0.6, 0.05, 0.02])
        v0 = np.vstack([a, b])
        f = np.vstack([fa, fb + len(a)])
        v1 = v0.copy()
        v1[: len(a), 0] += 0.3
        v1[len(a):, 0] -= 0.3
        save(f"{outdir}/t0.ply", v0, f)
        save(f"{outdir}/t1.ply", v1, f)
        print(f"{len(v0)} vertices, {len(f)} faces in {outdir}/t0.ply, t1.ply")
        return
    if kind == "resting":
        cloth, cf = grid(n, 0.0)
        box = np.array([[x, y, z] for z in (-1.0, 0.0) for y in (-2.0, 2.0) for x in (-2.0, 2.0)])
        bf = np.array([[0, 2, 1], [1, 2, 3], [4, 5, 6], [5, 7, 6], [0, 1, 4], [1, 5, 4],
                       [2, 6, 3], [3, 6, 7], [0, 4, 2], [2, 4, 6], [1, 3, 5], [3, 7, 5]])
        v0 = np.vstack([cloth, box])
        f = np.vstack([cf, bf + len(cloth)])
        v1 = v0.copy()
        v1[: len(cloth), 0] += 0.5
        save(f"{outdir}/t0.ply", v0, f)
        save(f"{outdir}/t1.ply", v1, f)
        print(f"{len(v0)} vertices, {len(f)} faces in {outdir}/t0.ply, t1.ply")
        return
    if kind == "draped":
        # An n x n cloth draped over a sphere of radius 0.5, 1e-3 off its surface (on the
        # sphere near the top, then down the tangent cone), every cloth vertex moving by its
        # own random step of about 2e-3 and 2e-3 down, as in a simulation's frame: most pairs
        # are near but apart, cloth to ball and cloth to itself.
        rng = np.random.default_rng(2)
        cloth, cloth_faces = grid(n, 0.0)
        radius, gap, r0 = 0.5, 1e-3, 0.45
        rho = np.hypot(cloth[:, 0], cloth[:, 1])
        z0 = np.sqrt(radius * radius - r0 * r0)
        cloth[:, 2] = np.where(rho < r0, np.sqrt(np.maximum(radius * radius - rho**2, 0.0)),
                               z0 - (r0 / z0) * (rho - r0))
        norm = np.linalg.norm(cloth, axis=1)
        inside = norm < radius + gap
        cloth[inside] *= ((radius + gap) / norm[inside])[:, None]
        sphere, faces = uv_sphere(max(8, n // 2), radius, [0.0, 0.0, 0.0])
        v0 = np.vstack([cloth, sphere])
        f = np.vstack([cloth_faces, faces + len(cloth)])
        v1 = v0.copy()
        v1[: len(cloth)] += 2e-3 * rng.standard_normal((len(cloth), 3))
        v1[: len(cloth), 2] -= 2e-3
        save(f"{outdir}/t0.ply", v0, f)
        save(f"{outdir}/t1.ply", v1, f)
        print(f"{len(v0)} vertices, {len(f)} faces in {outdir}/t0.ply, t1.ply")
        return
    if kind == "twisted":
        # A strip 2 long and 0.4 wide (8n x n cells) over a flat one 0.05 below it; the top
        # strip twists about its centre line, by 0 at x = -1 up to a quarter turn at x = 1, so
        # its edges dip onto the bottom strip where the twist passes about 14 degrees (the
        # vertices move on chords). Many nearly parallel edge pairs along the twist.
        def strip(z):
            xs = np.linspace(-1.0, 1.0, 8 * n + 1)
            ys = np.linspace(-0.2, 0.2, n + 1)
            gx, gy = np.meshgrid(xs, ys, indexing="ij")
            v = np.column_stack([gx.ravel(), gy.ravel(), np.full(gx.size, z)])
            idx = np.arange(gx.size).reshape(gx.shape)
            a, b = idx[:-1, :-1].ravel(), idx[1:, :-1].ravel()
            c, d = idx[1:, 1:].ravel(), idx[:-1, 1:].ravel()
            return v, np.vstack([np.column_stack([a, b, c]), np.column_stack([a, c, d])])

        bottom, bf = strip(0.0)
        top, tf = strip(0.05)
        v0 = np.vstack([bottom, top])
        f = np.vstack([bf, tf + len(bottom)])
        theta = (np.pi / 2) * (top[:, 0] + 1.0) / 2.0
        twisted = top.copy()
        twisted[:, 1] = top[:, 1] * np.cos(theta)
        twisted[:, 2] = 0.05 + top[:, 1] * np.sin(theta)
        v1 = np.vstack([bottom, twisted])
        save(f"{outdir}/t0.ply", v0, f)
        save(f"{outdir}/t1.ply", v1, f)
        print(f"{len(v0)} vertices, {len(f)} faces in {outdir}/t0.ply, t1.ply")
        return
    rng = np.random.default_rng(1)
    # The cloth: an n x n grid over [-1, 1]^2 at z = 0.75 (slightly rippled), falling by 1.5
    # onto a sphere of radius 0.5 at rest at the origin.
    cloth, cloth_faces = grid(n, 0.75)
    cloth[:, 2] += 1e-3 * rng.standard_normal(n * n)
    sphere, faces = uv_sphere(max(8, n // 2), 0.5, [0.0, 0.0, 0.0])
    sphere_faces = faces + len(cloth)
    v0 = np.vstack([cloth, sphere])
    v1 = v0.copy()
    v1[: len(cloth), 2] -= 1.5
    f = np.vstack([cloth_faces, sphere_faces])
    save(f"{outdir}/t0.ply", v0, f)
    save(f"{outdir}/t1.ply", v1, f)
    print(f"{len(v0)} vertices, {len(f)} faces in {outdir}/t0.ply, t1.ply")


def step(t0, t1, min_distance, additive):
    v0, faces = load(t0)
    v1, faces1 = load(t1)
    assert (faces == faces1).all() and v0.shape == v1.shape
    edges = ipctk.edges(faces)
    mesh = ipctk.CollisionMesh(v0, edges, faces)
    narrow = ipctk.AdditiveCCD() if additive else ipctk.TightInclusionCCD(1e-6, 10_000_000)
    start = time.perf_counter()
    candidates = ipctk.Candidates()
    candidates.build(mesh, v0, v1, min_distance / 2.0, ipctk.LBVH())
    broad = time.perf_counter() - start
    start = time.perf_counter()
    t = candidates.compute_collision_free_stepsize(mesh, v0, v1, min_distance, narrow)
    narrow_s = time.perf_counter() - start
    print("vertices,edges,faces,candidates,broad_s,narrow_s,total_s,step,limit,exact_stage")
    print(f"{len(v0)},{len(edges)},{len(faces)},{len(candidates)},{broad:.6f},{narrow_s:.6f},"
          f"{broad + narrow_s:.6f},{t!r},,")


def main(argv):
    if len(argv) in (3, 4) and argv[0] == "--make-scene":
        make_scene(int(argv[1]), argv[2], *argv[3:])
        return 0
    d = 0.0
    additive = "--additive" in argv
    argv = [a for a in argv if a != "--additive"]
    if "--min-distance" in argv:
        i = argv.index("--min-distance")
        d = float(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    step(argv[0], argv[1], d, additive)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
