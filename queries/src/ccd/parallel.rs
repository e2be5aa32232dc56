//! Loops over many items, on every core with the `parallel` feature and on this thread
//! without it, so that mesh CCD is written once for both builds.

/// What `f` pushes for every item, in the items' order; items are taken in chunks, each
/// chunk filling one vector, so that there is no allocation per item.
pub(super) fn flat_map<T: Sync, R: Send>(
    items: &[T],
    f: impl Fn(&T, &mut Vec<R>) + Sync + Send,
) -> Vec<R> {
    const CHUNK: usize = 256;
    let chunk = |c: &[T]| {
        let mut out = Vec::new();
        for item in c {
            f(item, &mut out);
        }
        out
    };
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        let parts: Vec<Vec<R>> = items.par_chunks(CHUNK).map(chunk).collect();
        parts.into_iter().flatten().collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        items.chunks(CHUNK).flat_map(chunk).collect()
    }
}

/// The `Some` answers of `f`, in the items' order.
pub(super) fn filter_map<T: Sync, R: Send>(
    items: &[T],
    f: impl Fn(&T) -> Option<R> + Sync + Send,
) -> Vec<R> {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        items.par_iter().filter_map(f).collect()
    }
    #[cfg(not(feature = "parallel"))]
    {
        items.iter().filter_map(f).collect()
    }
}

/// Whether `f` holds for some item; stops soon after one is found.
pub(super) fn any<T: Sync>(items: &[T], f: impl Fn(&T) -> bool + Sync + Send) -> bool {
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        items.par_iter().any(f)
    }
    #[cfg(not(feature = "parallel"))]
    {
        items.iter().any(f)
    }
}

/// Both results, computed at once on two threads when they are free.
pub(super) fn join<A: Send, B: Send>(
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    #[cfg(feature = "parallel")]
    {
        rayon::join(a, b)
    }
    #[cfg(not(feature = "parallel"))]
    {
        (a(), b())
    }
}

/// Runs `f` with the loops above on `threads` threads: 0 for rayon's global pool (every
/// core), 1 for this thread alone. Without the `parallel` feature every loop runs on this
/// thread whatever `threads` says.
pub(super) fn on_threads<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
    #[cfg(feature = "parallel")]
    if threads > 0 {
        // A pool that cannot be made (the system refuses threads) leaves the global one.
        if let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            return pool.install(f);
        }
    }
    let _ = threads;
    f()
}
