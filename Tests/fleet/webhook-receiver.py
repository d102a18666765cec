"""A backend's webhook endpoint, as small as one can be: appends each POSTed body, one line,
to the file given, and answers 204. Prints the port it listens on (127.0.0.1, a free one)."""
import http.server
import sys

out = sys.argv[1]


class Receiver(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with open(out, "ab") as file:
            file.write(body.replace(b"\n", b" ") + b"\n")
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
print(server.server_address[1], flush=True)
server.serve_forever()
