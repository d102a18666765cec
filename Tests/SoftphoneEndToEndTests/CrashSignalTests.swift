import Glibc
import SoftphoneTestSupport
import Testing

/// A crash signal sent to the full-screen phone: the terminal back at once, one line saying what
/// happened and where the report is, the report in the data folder, and the signal's own status.
@Suite("End to end: crash signals on the full screen", .serialized)
struct CrashSignalTests {
    @Test("SEGV, ABRT, BUS, FPE, ILL and TRAP: the phone ends with the signal within a second, says where its crash report is, and writes it", arguments: [
        (SIGSEGV, "SIGSEGV"), (SIGABRT, "SIGABRT"), (SIGBUS, "SIGBUS"), (SIGFPE, "SIGFPE"), (SIGILL, "SIGILL"), (SIGTRAP, "SIGTRAP"),
    ])
    func crash(signal: Int32, name: String) throws {
        let folder = temporaryFolder()
        let socket = folder + "/p.sock"
        let phone = try PhoneOnTerminal(["--socket", socket, "--data-dir", folder + "/data", "--no-audio"])
        // Full screen is up once its socket answers.
        let started = PhoneProcess.now()
        while try PhoneProcess.run(["state", "--socket", socket]).status != 0, PhoneProcess.now() - started < 10 {
            _ = phone.read(for: 0.05)
        }
        _ = phone.read(for: 0.2)
        let sent = PhoneProcess.now()
        kill(phone.pid, signal)
        let (status, output) = phone.waitForExit(seconds: 5)
        let took = PhoneProcess.now() - sent
        let exited = try #require(status, "still running 5 s after \(name)")
        #expect(exited & 0x7F == signal, "ended by signal \(exited & 0x7F), not \(signal)")
        #expect(took < 1.5, "took \(took) s")
        let text = String(decoding: output, as: UTF8.self)
        let report = folder + "/data/crash-\(phone.pid).txt"
        #expect(text.contains("\u{1B}[?1049l"), "full screen left")
        #expect(text.contains("softphone: crashed (\(name)"), "\(text.suffix(400))")
        #expect(text.contains("crash report: \(report)\r\n"), "\(text.suffix(400))")
        #expect(!text.contains("Backtracing"), "Swift's backtracer ran")
        #expect(access(socket, F_OK) != 0, "the socket is removed")
        let written = String(decoding: try fileBytes(report), as: UTF8.self)
        #expect(written.hasPrefix("softphone crashed: signal \(signal) (\(name)"))
        #expect(written.contains("\n  0x"), "return addresses")
        #expect(written.contains("/proc/self/maps"))
    }
}
