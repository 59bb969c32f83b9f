"""moto server whose AWS calls run one at a time.

moto's backends keep their state in plain dicts and were not written for concurrent writers
(its DynamoDB, no longer used here, failed with "dictionary changed size during iteration" →
HTTP 500). AWS has no such races. So requests are read on their own threads (an idle browser connection
blocks nobody), but moto's app handles them one at a time behind a lock, each response fully
produced before the next call starts. Same app and request handler as `moto_server`.
Usage: python moto_server.py HOST PORT
"""
import os
import signal
import sys
import threading

from werkzeug.serving import run_simple

from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
from moto.server import MotoRequestHandler


def serialized(app):
    lock = threading.Lock()

    def call(environ, start_response):
        with lock:
            result = app(environ, start_response)
            try:
                return [b"".join(result)]
            finally:
                close = getattr(result, "close", None)
                if close:
                    close()

    return call


def main() -> None:
    host, port = sys.argv[1], int(sys.argv[2])
    os.environ.setdefault("MOTO_PORT", str(port))
    # Cognito checks TOTP codes (AssociateSoftwareToken / VerifySoftwareToken / the
    # SOFTWARE_TOKEN_MFA challenge) only with this set; without it any code passes.
    os.environ.setdefault("MOTO_COGNITO_IDP_USER_POOL_ENABLE_TOTP", "true")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    app = serialized(DomainDispatcherApplication(create_backend_app))
    run_simple(host, port, app, threaded=True, use_reloader=False, request_handler=MotoRequestHandler)


if __name__ == "__main__":
    main()
