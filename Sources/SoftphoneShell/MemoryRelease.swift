import CMalloc

/// Gives the memory a storm of pushes used back to the system once the storm is over. The pushes
/// waiting for the phone, their events and calls are freed as they are taken, but glibc's malloc
/// keeps freed memory in its arenas (one per thread that allocates: the endpoint's and the
/// phone's), so without this the phone's resident memory would stay at the storm's peak while
/// it sits idle.
struct MemoryRelease {
    /// Pushes taken since memory was last given back.
    private var taken = 0
    /// Pushes that make a storm worth trimming after: a trim walks every arena, which ordinary
    /// traffic need not pay for.
    static let storm = 1000

    /// `count` more pushes were taken.
    mutating func took(_ count: Int) {
        taken += count
    }

    /// Gives freed memory back when a storm's pushes have all been taken (`backlog` is 0).
    mutating func releaseIfDrained(backlog: Int) {
        guard backlog == 0, taken >= Self.storm else { return }
        taken = 0
        _ = malloc_trim(0)
    }
}
