/// The ladder as one self-contained HTML page: the SVG picture inline, inline CSS, and a small
/// inline script that shows an arrow's whole event JSON when the pointer is over it or it is
/// clicked. Nothing is fetched from anywhere, so the file opens anywhere, offline.
public enum FlowHTML {
    /// The page for `ladder`, titled `title`.
    public static func render(_ ladder: FlowLadder, title: String) -> String {
        let name = FlowSVG.escape(title)
        let problems = ladder.items.filter(\.isProblem).count
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>\(name): call flow</title>\n"
        out += "<style>\n\(css)\n\(FlowSVG.style)\n</style>\n</head>\n<body>\n"
        out += "<header><h1>\(name)</h1><p>\(ladder.items.count) events, \(ladder.calls.count) call\(ladder.calls.count == 1 ? "" : "s"), "
        out += "\(problems) problem\(problems == 1 ? "" : "s"). Point at or click an arrow for its event.</p></header>\n"
        out += "<main>\n" + FlowSVG.element(ladder, title: title, standalone: false) + "</main>\n"
        out += "<aside><h2>Event</h2><pre id=\"detail\">Point at or click an arrow.</pre></aside>\n"
        out += "<script>\n\(script)\n</script>\n</body>\n</html>\n"
        return out
    }

    static let css = """
        body{margin:0;font-family:system-ui,sans-serif;color:#202020;background:#ffffff}
        header{padding:.5em 1em;border-bottom:1px solid #dddddd}
        h1{font-size:1.2em;margin:.2em 0}h2{font-size:1em;margin:.3em 0}
        main{overflow:auto;padding:.5em}
        aside{position:fixed;right:1em;bottom:1em;width:30em;max-height:45vh;overflow:auto;background:#fafafa;border:1px solid #cccccc;padding:0 1em;box-shadow:0 2px 8px #00000030}
        pre{white-space:pre-wrap;word-break:break-all;font-size:12px}
        """

    /// Hover shows an arrow's event, a click keeps it shown until another is clicked.
    static let script = """
        (function(){
          var detail=document.getElementById('detail'),kept=null;
          function show(g){var t=g.querySelector('title').textContent;try{t=JSON.stringify(JSON.parse(t),null,2)}catch(e){}detail.textContent=t}
          document.querySelectorAll('g.row').forEach(function(g){
            g.addEventListener('mouseenter',function(){show(g)});
            g.addEventListener('mouseleave',function(){if(kept)show(kept)});
            g.addEventListener('click',function(){if(kept)kept.classList.remove('selected');kept=g;g.classList.add('selected');show(g)});
          });
        })();
        """
}
