import Glibc
import SoftphoneControl
import SoftphoneCore
import SoftphoneTestSupport
import Testing

/// A storm of pushes through the APNs endpoint: the calls that ring are bounded (iOS rule 49), and
/// once the pushes are taken the memory they used goes back.
@Suite("APNs endpoint, a push storm", .serialized)
struct PushStormMemoryTests {
    /// The phone's resident memory, in kilobytes.
    static func residentKilobytes(_ pid: pid_t) -> Int {
        let status = (try? SmallTextFile.read("/proc/\(pid)/status").get()) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    @Test("5,000 pushes at once: two calls ring, the rest are refused; resident memory returns near where it was")
    func storm() throws {
        let apns = try APNsEndpointTests.APNsPhone()
        defer { apns.quit() }
        let pid = apns.phone.process.pid
        // One push first, so what a first push allocates once is in the baseline.
        _ = try APNsEndpointTests.curl(["--http2-prior-knowledge"] + APNsEndpointTests.voipHeaders + ["-d", APNsEndpointTests.body, apns.h2c + apns.token])
        let before = Self.residentKilobytes(pid)
        let payload = try apns.bodyFile()
        let storm = try APNsEndpointTests.tool("/usr/bin/h2load", ["-n", "5000", "-c", "4", "-m", "50"] + APNsEndpointTests.voipHeaders + ["-d", payload, apns.h2c + apns.token])
        #expect(storm.out.contains("status codes: 5000 2xx"), "\(storm.out)")
        // Its plain lines are read meanwhile (a phone whose stdout is full waits for its reader),
        // and `state` asked between reads until nothing waits.
        var waiting = -1.0
        let deadline = PhoneProcess.now() + 60
        while waiting != 0, PhoneProcess.now() < deadline {
            for _ in 0..<20 { _ = apns.phone.process.remainingOutput(); pause(0.01) }
            guard let state = try? apns.phone.state() else { continue }
            waiting = state["apns"]?["waiting"]?.numberValue ?? -1
            if case .array(let calls)? = state["calls"] { #expect(calls.count <= 2) }
        }
        #expect(waiting == 0, "the phone took every push within a minute")
        pause(0.5)
        _ = apns.phone.process.remainingOutput()
        let after = Self.residentKilobytes(pid)
        // A sanitizer's allocator keeps what is freed in quarantine, out of malloc's reach: its
        // resident memory says nothing of the phone's (make check-sanitizers sets these).
        guard getenv("ASAN_OPTIONS") == nil, getenv("TSAN_OPTIONS") == nil else { return }
        #expect(after - before < 8 * 1024, "resident memory \(before) KB before, \(after) KB after")
    }
}
