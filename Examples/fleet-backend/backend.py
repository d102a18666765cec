"""A small VoIP backend, written as production ones are: it learns each user's VoIP token from
the app (each phone's `register` request, which `softphone fleet --webhook` posts), and when
someone calls a user it sends that user's phone a VoIP push with a real APNs client library
(aioapns), pointed at the fleet's APNs endpoint instead of Apple's — only its host, port and CA
changed.

    python backend.py --apns-port PORT --ca CA.pem --auth-key AuthKey_KEYID.p8 --team TEAMID
                      [--topic com.example.voip.voip] [--webhook-port PORT] [--users N] [--rate CALLS_PER_SECOND]

It prints the port its webhook listens on (start the fleet with
`--webhook http://127.0.0.1:PORT/register`), waits until N users have registered, calls each of
them once at the rate given, and prints what APNs answered as one JSON object.
"""
import argparse
import asyncio
import http.server
import json
import os
import ssl
import threading
import time

import aioapns
from aioapns import APNs, NotificationRequest, PushType

arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
arguments.add_argument("--apns-port", type=int, required=True)
arguments.add_argument("--ca", required=True, help="the CA the endpoint's certificate is signed by")
arguments.add_argument("--auth-key", required=True, help="AuthKey_KEYID.p8")
arguments.add_argument("--team", required=True)
arguments.add_argument("--topic", default="com.example.voip.voip")
arguments.add_argument("--webhook-port", type=int, default=0, help="0: one the system chooses")
arguments.add_argument("--users", type=int, default=1, help="wait for this many registrations")
arguments.add_argument("--rate", type=float, default=100, help="calls per second")
options = arguments.parse_args()

# The backend's store: user id -> VoIP token, filled by the webhook's thread.
tokens = {}
tokens_lock = threading.Lock()


class Webhook(http.server.BaseHTTPRequestHandler):
    """The app's server requests; `register` carries the token as the server will store it."""

    def do_POST(self):
        request = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
        if request.get("name") == "register":
            with tokens_lock:
                tokens[request["user"]] = request["token"]
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


webhook = http.server.ThreadingHTTPServer(("127.0.0.1", options.webhook_port), Webhook)
threading.Thread(target=webhook.serve_forever, daemon=True).start()
print(webhook.server_address[1], flush=True)

# The one change from production: APNs is the fleet, not api.push.apple.com.
aioapns.connection.APNsProductionClientProtocol.APNS_SERVER = "localhost"
aioapns.connection.APNsTLSClientProtocol.APNS_PORT = options.apns_port
key_id = os.path.basename(options.auth_key)[len("AuthKey_"):-len(".p8")]


async def call_everyone():
    apns = APNs(key=open(options.auth_key).read(), key_id=key_id, team_id=options.team, topic=options.topic,
                use_sandbox=False, ssl_context=ssl.create_default_context(cafile=options.ca))
    while len(tokens) < options.users:
        await asyncio.sleep(0.05)
    with tokens_lock:
        users = sorted(tokens.items())
    answers = {}
    started = time.monotonic()

    async def call(user, token):
        request = NotificationRequest(device_token=token, push_type=PushType.VOIP,
                                      message={"aps": {}, "caller": "Backend", "handle": "+15550100", "callee": user})
        result = await apns.send_notification(request)
        reason = "accepted" if result.is_successful else result.description
        answers[reason] = answers.get(reason, 0) + 1

    calls = []
    for index, (user, token) in enumerate(users):
        # Paced: call number i leaves at i / rate seconds.
        await asyncio.sleep(max(0, started + index / options.rate - time.monotonic()))
        calls.append(asyncio.ensure_future(call(user, token)))
    await asyncio.gather(*calls)
    return {"registered": len(users), "called": len(calls), "answers": answers,
            "seconds": round(time.monotonic() - started, 3)}


print(json.dumps(asyncio.run(call_everyone())), flush=True)
