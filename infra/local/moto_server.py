"""moto server, one request at a time.

moto's DynamoDB TransactWriteItems deep-copies the table for rollback while other request
threads may be writing to it ("dictionary changed size during iteration" → HTTP 500). DynamoDB
itself has no such race, so the emulator serves requests one by one: the same app and request
handler as `moto_server`, with threaded=False. Usage: python moto_server.py HOST PORT
"""
import os
import signal
import sys

from werkzeug.serving import run_simple

from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
from moto.server import MotoRequestHandler


def main() -> None:
    host, port = sys.argv[1], int(sys.argv[2])
    os.environ.setdefault("MOTO_PORT", str(port))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    app = DomainDispatcherApplication(create_backend_app)
    run_simple(host, port, app, threaded=False, use_reloader=False, request_handler=MotoRequestHandler)


if __name__ == "__main__":
    main()
