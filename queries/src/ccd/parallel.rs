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
    if shared() {
        use rayon::prelude::*;
        let parts: Vec<Vec<R>> = items.par_chunks(CHUNK).map(chunk).collect();
        return parts.into_iter().flatten().collect();
    }
    items.chunks(CHUNK).flat_map(chunk).collect()
}

/// The `Some` answers of `f`, in the items' order.
pub(super) fn filter_map<T: Sync, R: Send>(
    items: &[T],
    f: impl Fn(&T) -> Option<R> + Sync + Send,
) -> Vec<R> {
    #[cfg(feature = "parallel")]
    if shared() {
        use rayon::prelude::*;
        return items.par_iter().filter_map(f).collect();
    }
    items.iter().filter_map(f).collect()
}

/// Whether `f` holds for some item; stops soon after one is found.
pub(super) fn any<T: Sync>(items: &[T], f: impl Fn(&T) -> bool + Sync + Send) -> bool {
    #[cfg(feature = "parallel")]
    if shared() {
        use rayon::prelude::*;
        return items.par_iter().any(f);
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

/// Runs `f` with the loops above on `threads` threads: 0 for rayon's global pool (every
/// core), 1 for this thread alone (no pool at all), `n` for a pool of `n` made for the call.
/// Without the `parallel` feature every loop runs on this thread whatever `threads` says.
pub(super) fn on_threads<R: Send>(threads: usize, f: impl FnOnce() -> R + Send) -> R {
    #[cfg(feature = "parallel")]
    {
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
        if threads > 1 {
            // A pool that cannot be made (the system refuses threads) leaves the global one.
            if let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
                return pool.install(f);
            }
        }
    }
    let _ = threads;
    f()
}
