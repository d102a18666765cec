import SoftphoneFlow

// The call flow's HTML picture of a long session: 10,000 events read, laid out and written.

/// The flow picture's row and figure.
@MainActor func flowBench() throws {
    // A call's events as the phone streams them, over and over: 10,000 events in all.
    let call: [(Int, Int) -> String] = [
        { t, n in #"{"t_ms":\#(t),"event":"push.received","kind":"voip"}"# },
        { t, n in #"{"t_ms":\#(t),"event":"call.incoming","call":\#(n),"uuid":"D15DF7E6-615B-44D6-8AF4-55460CFAAA3D","caller":"Zoë 张伟","handle":"+15551234","video":false}"# },
        { t, n in #"{"t_ms":\#(t),"event":"server.request","name":"answer","uuid":"D15DF7E6-615B-44D6-8AF4-55460CFAAA3D"}"# },
        { t, n in #"{"t_ms":\#(t),"event":"call.action","call":\#(n),"action":"answer","outcome":"fulfilled"}"# },
        { t, n in #"{"t_ms":\#(t),"event":"call.connected","call":\#(n)}"# },
        { t, n in #"{"t_ms":\#(t),"event":"audio.session","active":true}"# },
        { t, n in #"{"t_ms":\#(t),"event":"rule.violated","rule":31,"message":"The end action was not fulfilled within 5 s: CallKit failed it."}"# },
        { t, n in #"{"t_ms":\#(t),"event":"call.action","call":\#(n),"action":"end","outcome":"timed-out"}"# },
        { t, n in #"{"t_ms":\#(t),"event":"call.ended","call":\#(n),"uuid":"D15DF7E6-615B-44D6-8AF4-55460CFAAA3D","caller":"Zoë 张伟","handle":"+15551234","reason":"failed","duration_ms":6021,"actions":["answer:fulfilled","end:timed-out"]}"# },
        { t, n in #"{"t_ms":\#(t),"event":"audio.session","active":false}"# },
    ]
    var lines: [String] = []
    for i in 0..<10_000 { lines.append(call[i % call.count](i * 100, i / call.count + 1)) }
    let text = lines.joined(separator: "\n")
    var times: [Double] = []
    var bytes = 0
    for _ in 0..<5 {
        let start = nanoseconds()
        let ladder = FlowLadder(events: try FlowEventReader.events(in: text, file: "bench.jsonl"))
        bytes = FlowHTML.render(ladder, title: "bench").utf8.count
        times.append(Double(nanoseconds() - start) / 1e6)
    }
    rows.append(Row(what: "10,000 events → the call flow's HTML picture (read, laid out, written; median of 5)", measured: median(times), budget: .atMost(1000), unit: "ms"))
    figures.append("the call flow's HTML picture of 10,000 events: \(bytes / 1000) kB")
}
