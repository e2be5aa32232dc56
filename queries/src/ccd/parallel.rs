//! Loops over many items, on every core with the `parallel` feature and on this thread
//! without it (or inside [`on_threads`] with 1 thread), so that mesh CCD is written once for
//! both builds.

#[cfg(feature = "parallel")]
std::thread_local! {
    /// Set while [`on_threads`] runs with one thread: the loops stay on this thread.
    static ALONE: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Whether the loops run on rayon's threads here (never without the `parallel` feature).
pub(super) fn shared() -> bool {
    #[cfg(feature = "parallel")]
    return !ALONE.with(core::cell::Cell::get);
    #[cfg(not(feature = "parallel"))]
    false
}

/// What `f` pushes for every item, in the items' order; items are taken in chunks of
/// `chunk` (at least 1), each chunk filling one vector, so that there is no allocation per
/// item: small chunks for items of very different cost (tasks of a tree walk), larger ones
/// for many cheap items.
pub(super) fn flat_map<T: Sync, R: Send>(
    items: &[T],
    chunk: usize,
    f: impl Fn(&T, &mut Vec<R>) + Sync + Send,
) -> Vec<R> {
    let chunk = chunk.max(1);
    let fill = |c: &[T]| {
        let mut out = Vec::new();
        for item in c {
            f(item, &mut out);
        }
        out
    };
    #[cfg(feature = "parallel")]
    // One chunk is one task: no pool needed.
    if shared() && items.len() > chunk {
        use rayon::prelude::*;
        let parts: Vec<Vec<R>> = items
            .par_chunks(chunk)
            .with_max_len(piece(items.len().div_ceil(chunk)))
            .map(fill)
            .collect();
        let mut out = Vec::with_capacity(parts.iter().map(Vec::len).sum());
        for part in parts {
            out.extend(part);
        }
        return out;
    }
    items.chunks(chunk).flat_map(fill).collect()
}

/// `f(i)` for every `i` in `0..n`, in that order.
pub(super) fn map<R: Send>(n: usize, f: impl Fn(usize) -> R + Sync + Send) -> Vec<R> {
    #[cfg(feature = "parallel")]
    if shared() {
        use rayon::prelude::*;
        return (0..n).into_par_iter().map(f).collect();
    }
    (0..n).map(f).collect()
}

/// The most items one job of a loop over `n` items of uneven cost may take (rayon cuts a loop
/// into jobs, and a thread with nothing to do takes one from another). Uncapped, rayon cuts
/// it into about as many jobs as threads, and cuts further only a job that another thread
/// takes: a thread left with a job that holds most of the costly items runs them alone while
/// the others wait. So it was for the edge walk of a cloth of 10^6 faces, whose tree's pairs
/// are costliest near the root, first in the list: on two threads, one ran 98 % of it
/// (500 ms, against 250 ms now). Capped, the jobs are at least 32 per thread; `map` and
/// `fill`, whose items cost alike, keep rayon's cuts.
#[cfg(feature = "parallel")]
pub(super) fn piece(n: usize) -> usize {
    n.div_ceil(32 * rayon::current_num_threads()).max(1)
}

/// Sets `out[i]` to `f(i)` for every `i`, in place (no new allocation: a large buffer's
/// pages are already mapped).
pub(super) fn fill<R: Send>(out: &mut [R], f: impl Fn(usize) -> R + Sync + Send) {
    #[cfg(feature = "parallel")]
    if shared() {
        use rayon::prelude::*;
        out.par_iter_mut().enumerate().for_each(|(i, x)| *x = f(i));
        return;
    }
    for (i, x) in out.iter_mut().enumerate() {
        *x = f(i);
    }
}

/// The `Some` answers of `f`, in the items' order.
pub(super) fn filter_map<T: Sync, R: Send>(
    items: &[T],
    f: impl Fn(&T) -> Option<R> + Sync + Send,
) -> Vec<R> {
    #[cfg(feature = "parallel")]
    if shared() {
        use rayon::prelude::*;
        return items
            .par_iter()
            .with_max_len(piece(items.len()))
            .filter_map(f)
            .collect();
    }
    items.iter().filter_map(f).collect()
}

/// Whether `f` holds for some item; stops soon after one is found.
pub(super) fn any<T: Sync>(items: &[T], f: impl Fn(&T) -> bool + Sync + Send) -> bool {
    #[cfg(feature = "parallel")]
    if shared() {
        use rayon::prelude::*;
        return items.par_iter().with_max_len(piece(items.len())).any(f);
    }
    items.iter().any(f)
}

/// Both results, computed at once on two threads when they are free.
pub(super) fn join<A: Send, B: Send>(
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    #[cfg(feature = "parallel")]
    if shared() {
        return rayon::join(a, b);
    }
    (a(), b())
}

/// Below this many primitives (vertices, edges and faces together), `threads: 0` runs on the
/// calling thread: waking the pool (about half a millisecond in a fresh process, measured on
/// ipc-toolkit's 1 400-primitive thick cloth, whose whole step then takes 1.1 ms on one
/// thread against 1.6–2.1 ms on two) costs more than the work it would share. A 2 400-vertex
/// cloth (14 000 primitives) is already faster on two threads.
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
pub(super) const SMALL: usize = 4096;

/// Runs `f`, which works on `size` primitives, with the loops above on `threads` threads: 0
/// for rayon's global pool (every core) or, below [`SMALL`], this thread alone; 1 for this
/// thread alone (no pool at all); `n` for a pool of `n` made for the call.
///
/// With a pool, `f` itself runs on one of its threads, so that each loop is shared out from
/// inside the pool. Called from outside, every loop would hand its work to the pool and
/// sleep until it came back: the step runs hundreds of loops, many short (the sample it
/// lists one vertex at a time), and cloth-40's step took 8–10 ms on two threads that way
/// against 5–6.5 ms now (and 8.5 ms on one thread).
/// Without the `parallel` feature every loop runs on this thread whatever `threads` says.
pub(super) fn on_threads<R: Send>(threads: usize, size: usize, f: impl FnOnce() -> R + Send) -> R {
    #[cfg(feature = "parallel")]
    {
        let threads = if threads == 0 && size < SMALL {
            1
        } else {
            threads
        };
        if threads == 1 {
            /// Clears the flag when `f` returns (or unwinds).
            struct Reset(bool);
            impl Drop for Reset {
                fn drop(&mut self) {
                    ALONE.with(|a| a.set(self.0));
                }
            }
            let _reset = Reset(ALONE.with(|a| a.replace(true)));
            return f();
        }
        if threads == 0 {
            // On a thread of the global pool (at once, where this is one).
            return rayon::scope(|_| f());
        }
        if threads > 1 {
            // A pool that cannot be made (the system refuses threads) leaves the global one.
            if let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
                return pool.install(f);
            }
        }
    }
    let _ = (threads, size);
    f()
}

#[cfg(all(test, feature = "parallel"))]
mod tests {
    use super::*;

    /// `threads: 0` shares the loops only from [`SMALL`] primitives up; 1 never, 2 always.
    #[test]
    fn small_meshes_stay_on_the_calling_thread() {
        assert!(!on_threads(0, SMALL - 1, shared));
        assert!(on_threads(0, SMALL, shared));
        assert!(!on_threads(1, 10 * SMALL, shared));
        assert!(on_threads(2, 1, shared));
        // And the flag is back as it was afterwards.
        assert!(shared());
    }

    /// With a pool, the work runs on one of its threads (its loops are shared out from
    /// inside, not handed over from outside); alone, on the calling thread.
    #[test]
    fn pooled_work_runs_inside_the_pool() {
        let index = || rayon::current_thread_index();
        assert!(on_threads(0, SMALL, index).is_some());
        assert!(on_threads(2, SMALL, index).is_some());
        assert_eq!(on_threads(1, SMALL, index), index());
        assert_eq!(on_threads(0, SMALL - 1, index), index());
    }

    /// `flat_map`, `map` and `fill` keep the items' order, whatever the chunk.
    #[test]
    fn the_loops_keep_the_items_order() {
        let items: Vec<u32> = (0..5000).collect();
        for threads in [1, 2] {
            for chunk in [0, 1, 7, 256, 10_000] {
                let got = on_threads(threads, SMALL, || {
                    flat_map(&items, chunk, |&i, out| {
                        out.extend((0..i % 3).map(|k| (i, k)))
                    })
                });
                let want: Vec<(u32, u32)> = items
                    .iter()
                    .flat_map(|&i| (0..i % 3).map(move |k| (i, k)))
                    .collect();
                assert_eq!(got, want);
            }
            let got = on_threads(threads, SMALL, || map(items.len(), |i| 2 * i));
            assert_eq!(got, (0..items.len()).map(|i| 2 * i).collect::<Vec<_>>());
            let mut out = vec![0; items.len()];
            on_threads(threads, SMALL, || fill(&mut out, |i| 3 * i));
            assert_eq!(out, (0..items.len()).map(|i| 3 * i).collect::<Vec<_>>());
        }
    }

    /// The costly items of a loop are shared between the threads even when they all come
    /// first (as a tree walk's tasks near the root do): a thread does not keep them all in
    /// one job while the other has nothing left. (Uncapped, rayon gave one thread the
    /// first quarter of the items as a single job.) The costly items here wait rather than
    /// compute, so that a busy machine does not change which thread may take them.
    #[test]
    fn costly_items_at_the_front_are_shared_between_threads() {
        use std::collections::HashSet;
        let items: Vec<u32> = (0..1024).collect();
        let costly = |i: u32| {
            if i < 24 {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            rayon::current_thread_index()
        };
        let threads_of = |ran: &[Option<usize>]| ran[..24].iter().collect::<HashSet<_>>().len();
        let ran = on_threads(2, SMALL, || {
            flat_map(&items, 1, |&i, out| out.push(costly(i)))
        });
        assert_eq!(threads_of(&ran), 2, "flat_map");
        let ran = on_threads(2, SMALL, || filter_map(&items, |&i| Some(costly(i))));
        assert_eq!(threads_of(&ran), 2, "filter_map");
    }
}
