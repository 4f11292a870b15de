"""Starting `quoth serve` for a test and talking to it (standard library only)."""
import http.client
import json
import os
import subprocess
import sys
import time

SKIP = 77


def serve_built(quoth):
    """True when this quoth has the serve subcommand (built with cpp-httplib)."""
    probe = subprocess.run([quoth, "serve", "--help"], capture_output=True, text=True)
    return probe.returncode == 0


class Server:
    """quoth serve on a free loopback port, stopped (SIGTERM) at the end of a with-block."""

    def __init__(self, quoth, *extra):
        self.process = subprocess.Popen([quoth, "serve", "--port", "0", *extra], stdout=subprocess.PIPE,
                                        stderr=sys.stderr, text=True)
        line = self.process.stdout.readline()  # "quoth serve: http://127.0.0.1:PORT/ ..."
        if "http://" not in line:
            self.process.kill()
            raise RuntimeError("quoth serve did not start: %r" % line)
        self.url = line.split()[2]
        self.host = self.url[len("http://"):].rstrip("/")
        self.port = int(self.host.rsplit(":", 1)[1])

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                raise RuntimeError("quoth serve did not stop on SIGTERM")
        return self.process.returncode

    def alive(self):
        return self.process.poll() is None

    def request(self, method, path, body=None, headers=None, raw=None, timeout=120):
        """(status, parsed JSON or text, headers). `body` is JSON-encoded; `raw` is sent as is."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        sent = {"Host": self.host}
        data = raw
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            sent["Content-Type"] = "application/json"
        sent.update(headers or {})
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        payload = response.read()
        connection.close()
        kind = response.getheader("Content-Type", "")
        value = json.loads(payload) if kind.startswith("application/json") else payload.decode("utf-8", "replace")
        return response.status, value, dict(response.getheaders())


def wait_until(predicate, timeout=60, step=0.05, what="condition"):
    end = time.time() + timeout
    while time.time() < end:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    raise AssertionError("timed out waiting for " + what)


def rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def read(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8")


def source_root():
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
