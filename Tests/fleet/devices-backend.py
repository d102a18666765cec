"""A backend whose users each have several devices, as Tests/fleet/devices.sh runs it: its webhook
learns every device's VoIP token from the app's `register` request, it calls every device of
every user with one call UUID a user, through a real APNs client (aioapns), and — unless told
`--no-cancel` — once one device answers or declines (the app's `answer` or `end` request), it
sends each of the user's other devices the voip app's ending push, as a backend must.

    python devices-backend.py --apns-port PORT --ca CA.pem --auth-key AuthKey_KEYID.p8 --team TEAMID
                              --devices N [--users U] [--webhook-port PORT] [--no-cancel]

It prints the port its webhook listens on, then, once every call went out, what APNs answered
as one JSON object, then keeps ending calls until it is stopped.
"""
import argparse
import asyncio
import http.server
import json
import os
import ssl
import threading
import uuid

import aioapns
from aioapns import APNs, NotificationRequest, PushType

arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
arguments.add_argument("--apns-port", type=int, required=True)
arguments.add_argument("--ca", required=True)
arguments.add_argument("--auth-key", required=True)
arguments.add_argument("--team", required=True)
arguments.add_argument("--topic", default="com.example.voip.voip")
arguments.add_argument("--webhook-port", type=int, default=0)
arguments.add_argument("--users", type=int, default=1, help="wait for this many users")
arguments.add_argument("--devices", type=int, required=True, help="each user's devices")
arguments.add_argument("--no-cancel", action="store_true", help="forget the ending push, as a buggy backend does")
options = arguments.parse_args()

# user id -> {phone number: VoIP token}; the calls in progress, user id -> call UUID.
devices = {}
calls = {}
lock = threading.Lock()
loop = asyncio.new_event_loop()
ended = {"pushes": 0}


def registered(request):
    with lock:
        devices.setdefault(request["user"], {})[request["phone"]] = request["token"]


def picked_up(request):
    """One device answered (`answer`) or declined (`end`): end the call on the others, once."""
    user = request["user"]
    with lock:
        call = calls.pop(user, None)
        others = [token for phone, token in devices.get(user, {}).items() if phone != request["phone"]]
    if call is None or options.no_cancel:
        return
    reason = "answered-elsewhere" if request["name"] == "answer" else "declined-elsewhere"
    for token in others:
        asyncio.run_coroutine_threadsafe(push(token, {"aps": {}, "end": reason, "uuid": call}), loop)


# What the backend does with each of the app's requests, by name.
handlers = {"register": registered, "answer": picked_up, "end": picked_up}


class Webhook(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        request = json.loads(self.rfile.read(length))
        handlers.get(request.get("name"), lambda _: None)(request)
        self.send_response(204)
        self.end_headers()

    log_message = lambda self, *args: None  # quiet


webhook = http.server.ThreadingHTTPServer(("127.0.0.1", options.webhook_port), Webhook)
threading.Thread(target=webhook.serve_forever, daemon=True).start()
print(webhook.server_address[1], flush=True)

apns = None
answers = {}


async def push(token, message):
    result = await apns.send_notification(NotificationRequest(device_token=token, push_type=PushType.VOIP, message=message))
    reason = "accepted" if result.is_successful else result.description
    answers[reason] = answers.get(reason, 0) + 1
    if "end" in message:
        ended["pushes"] += 1


async def main():
    global apns
    # APNs is the fleet: only the host, port and CA differ from production.
    aioapns.connection.APNsProductionClientProtocol.APNS_SERVER = "localhost"
    aioapns.connection.APNsTLSClientProtocol.APNS_PORT = options.apns_port
    key_id = os.path.basename(options.auth_key)[len("AuthKey_"):-len(".p8")]
    apns = APNs(key=open(options.auth_key).read(), key_id=key_id, team_id=options.team, topic=options.topic,
                use_sandbox=False, ssl_context=ssl.create_default_context(cafile=options.ca))
    while sum(len(phones) for phones in devices.values()) < options.users * options.devices:
        await asyncio.sleep(0.05)
    sends = []
    with lock:
        for user, phones in sorted(devices.items()):
            calls[user] = str(uuid.uuid4()).upper()
            message = {"aps": {}, "caller": "Backend", "handle": "+15550100", "uuid": calls[user]}
            sends += [push(token, message) for token in phones.values()]
    await asyncio.gather(*sends)
    print(json.dumps({"users": len(devices), "called": len(sends), "answers": dict(answers)}), flush=True)
    while True:
        await asyncio.sleep(1)


loop.run_until_complete(main())
