"""Real APNs client libraries from PyPI, pointed at the phone's endpoint: only their host, port
and CA are changed (and, for the hour-old token, the clock they read when they make it).

usage: clients.py CLIENT CASE PORT CA AUTH_KEY KEY_ID TEAM TOKEN TOPIC
  CLIENT: aioapns | pyapns_client
  CASE:   ring (the push should be accepted) | bad-token (a token the phone never had) |
          expired (a token made an hour and more ago)
Prints one line: "accepted" or the reason APNs gave."""

import asyncio
import ssl
import sys
import time
from unittest import mock

client, case, port, ca, auth_key, key_id, team, token, topic = sys.argv[1:10]
port = int(port)
if case == "bad-token":
    token = "0" * 64
payload = {"aps": {}, "caller": client, "handle": "+15550123"}
# The clock the client reads when it makes its JWT: an hour and a minute ago for "expired".
real_time = time.time
clock = (lambda: real_time() - 3660) if case == "expired" else real_time


def run_aioapns():
    import aioapns
    from aioapns import APNs, NotificationRequest, PushType

    aioapns.connection.APNsProductionClientProtocol.APNS_SERVER = "localhost"
    aioapns.connection.APNsTLSClientProtocol.APNS_PORT = port

    async def send():
        with mock.patch("aioapns.connection.time.time", clock):
            apns = APNs(key=open(auth_key).read(), key_id=key_id, team_id=team, topic=topic,
                        use_sandbox=False, ssl_context=ssl.create_default_context(cafile=ca))
            request = NotificationRequest(device_token=token, message=payload, push_type=PushType.VOIP)
            result = await apns.send_notification(request)
        return "accepted" if result.is_successful else result.description

    return asyncio.run(send())


def run_pyapns_client():
    from pyapns_client import APNSClient, IOSNotification, IOSPayload, exceptions

    APNSClient.BASE_URLS["sim"] = f"https://localhost:{port}"
    apns = APNSClient(mode="sim", root_cert_path=ca, auth_key_path=auth_key, auth_key_id=key_id, team_id=team)
    notification = IOSNotification(payload=IOSPayload(custom={"caller": client, "handle": "+15550123"}),
                                   topic=topic, push_type="voip")
    try:
        with mock.patch("pyapns_client.client.time.time", clock):
            apns.push(notification=notification, device_token=token)
        return "accepted"
    except exceptions.APNSException as error:
        return type(error).__name__.removesuffix("Exception")
    finally:
        apns.close()


print({"aioapns": run_aioapns, "pyapns_client": run_pyapns_client}[client]())
