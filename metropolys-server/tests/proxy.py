"""The server behind nginx with TLS, as docs/server.md's "Play with friends"
sets it up: nginx runs docs/nginx/metropolys.conf itself, with only its
ports, paths and certificate replaced (a self-signed certificate made with
openssl, which the client verifies: verification is not turned off), in the
foreground with a scratch prefix, as the current user. `metropolys serve
--origin https://localhost:PORT --trusted-proxy 127.0.0.1` runs behind it.

Through https://localhost:PORT, from other loopback addresses standing for
other machines: the page and /api/v1; a private match with a bot, joined
under a name with its invite; its WebSocket over wss:// (the `websockets`
package): the update, a legal move, a chat message; and the address the
server sees is the player's, not the proxy's (one open match per address:
a second player behind the same proxy may create one, the first may not
create a second; a player's own X-Forwarded-For is not believed, through
the proxy or around it).

Usage: python proxy.py METROPOLYS_BIN NGINX_CONF   (scripts/test-server)
"""

import asyncio
import grp
import http.client
import json
import os
import pwd
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import time

from websockets.asyncio.client import connect

BIN, CONF = sys.argv[1], sys.argv[2]
NGINX = os.environ.get("METROPOLYS_NGINX") or shutil.which("nginx") or "/usr/sbin/nginx"
DEADLINE = 20  # seconds for anything to happen


def free_port():
    """A TCP port free on every IPv4 and IPv6 address (nginx listens on both)."""
    for _ in range(100):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s4:
            s4.bind(("0.0.0.0", 0))
            port = s4.getsockname()[1]
            try:
                with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as s6:
                    s6.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
                    s6.bind(("::", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port")


def template(conf, replacements):
    """The configuration with each (old, new) replaced; each old must occur."""
    for old, new in replacements:
        if old not in conf:
            raise AssertionError(f"docs/nginx/metropolys.conf no longer has {old!r}")
        conf = conf.replace(old, new)
    return conf


class Https(http.client.HTTPSConnection):
    """HTTPS to localhost:PORT over IPv4 from a chosen loopback address,
    the certificate verified for the name localhost."""

    def __init__(self, port, ctx, source):
        super().__init__("localhost", port, context=ctx, timeout=DEADLINE)
        self.ctx, self.source = ctx, source

    def connect(self):
        raw = socket.create_connection(("127.0.0.1", self.port), DEADLINE, (self.source, 0))
        self.sock = self.ctx.wrap_socket(raw, server_hostname="localhost")


def request(conn, method, path, body=None, headers=None):
    h = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        h["Content-Type"] = "application/json"
    conn.request(method, path, body=data, headers=h)
    r = conn.getresponse()
    text = r.read().decode()
    conn.close()
    try:
        value = json.loads(text)
    except ValueError:
        value = text
    return r.status, value, r


def wait_for_port(port, proc, what):
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited ({proc.returncode})")
        try:
            socket.create_connection(("127.0.0.1", port), 1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{what} does not listen on {port}")


async def next_of(ws, kind):
    """Messages until one of type `kind`."""
    while True:
        v = json.loads(await asyncio.wait_for(ws.recv(), DEADLINE))
        if v["type"] == kind:
            return v


async def play_and_chat(port, ctx, match, token, origin):
    url = f"wss://localhost:{port}/api/v1/matches/{match}/ws?token={token}"
    async with connect(url, ssl=ctx, host="127.0.0.1", port=port, server_hostname="localhost",
                       local_addr=("127.0.0.2", 0), origin=origin,
                       open_timeout=DEADLINE) as ws:
        welcome = await next_of(ws, "welcome")
        assert welcome["seat"] == 0, welcome
        update = await next_of(ws, "update")
        assert update["status"] == "playing", update
        assert update["legal"], "seat 0 opens the first call"
        assert update["seats"][0]["name"] == "Zoë", update["seats"]
        action = update["legal"][0]
        await ws.send(json.dumps({"move": update["move"], "action": action}))
        while True:
            v = await next_of(ws, "update")
            if "accepted" in v:
                assert v["accepted"] == {"move": 0, "action": action}, v
                break
        text = "<b>hello</b> from behind the proxy & its TLS"
        await ws.send(json.dumps({"op": "chat", "text": text}))
        chat = await next_of(ws, "chat")
        assert chat["messages"][0]["text"] == text, chat
        assert chat["messages"][0]["name"] == "Zoë", chat


def main():
    work = tempfile.mkdtemp(prefix="mtp-proxy-")
    procs = []
    try:
        # The certificate: self-signed, for the name localhost.
        cert, key = os.path.join(work, "cert.pem"), os.path.join(work, "key.pem")
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes",
                        "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=localhost",
                        "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
                       check=True, capture_output=True)
        https_port, http_port = free_port(), free_port()
        while http_port == https_port:
            http_port = free_port()
        origin = f"https://localhost:{https_port}"
        # The server, on any free port of loopback.
        server = subprocess.Popen(
            [BIN, "serve", "--addr", "127.0.0.1:0", "--database", os.path.join(work, "db"),
             "--origin", origin, "--trusted-proxy", "127.0.0.1",
             "--open-per-address", "1", "--bot-seconds", "0.2"],
            stdout=subprocess.PIPE, stderr=open(os.path.join(work, "server.log"), "w"),
            text=True)
        procs.append(server)
        line = server.stdout.readline()
        url = line.split("open ")[1].split(" ")[0]
        server_port = int(url.rstrip("/").rsplit(":", 1)[1])
        # nginx: the documented configuration, with ports, paths and
        # certificate of this run.
        acme = os.path.join(work, "acme")
        os.makedirs(acme)
        with open(CONF) as f:
            conf = template(f.read(), [
                ("listen 80;", f"listen {http_port};"),
                ("listen [::]:80;", f"listen [::]:{http_port};"),
                ("listen 443 ssl;", f"listen {https_port} ssl;"),
                ("listen [::]:443 ssl;", f"listen [::]:{https_port} ssl;"),
                ("server 127.0.0.1:8080;", f"server 127.0.0.1:{server_port};"),
                ("/etc/letsencrypt/live/your.name/fullchain.pem", cert),
                ("/etc/letsencrypt/live/your.name/privkey.pem", key),
                ("/var/www/letsencrypt", acme),
            ])
        with open(os.path.join(work, "metropolys.conf"), "w") as f:
            f.write(conf)
        tmp = os.path.join(work, "tmp")
        os.makedirs(tmp)
        user = ""
        if os.geteuid() == 0:
            # nginx's workers would otherwise switch to "nobody".
            user = f"user {pwd.getpwuid(0).pw_name} {grp.getgrgid(0).gr_name};"
        main_conf = f"""{user}
worker_processes 1;
pid {work}/nginx.pid;
error_log {work}/error.log info;
events {{ worker_connections 256; }}
http {{
    access_log {work}/access.log;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    include {work}/metropolys.conf;
}}
"""
        nginx_conf = os.path.join(work, "nginx.conf")
        with open(nginx_conf, "w") as f:
            f.write(main_conf)
        log = os.path.join(work, "error.log")
        checked = subprocess.run([NGINX, "-t", "-p", work, "-e", log, "-c", nginx_conf],
                                 capture_output=True, text=True)
        if checked.returncode != 0:
            raise RuntimeError(f"nginx -t:\n{checked.stderr}")
        nginx = subprocess.Popen(
            [NGINX, "-p", work, "-e", log, "-c", nginx_conf, "-g", "daemon off;"],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        procs.append(nginx)
        wait_for_port(https_port, nginx, "nginx")
        ctx = ssl.create_default_context(cafile=cert)

        def at(source):
            return Https(https_port, ctx, source)

        # The page and the API, over TLS.
        status, page, r = request(at("127.0.0.2"), "GET", "/")
        assert status == 200 and "<html" in page.lower(), (status, page[:200])
        assert r.getheader("Strict-Transport-Security"), r.getheaders()
        status, info, _ = request(at("127.0.0.2"), "GET", "/api/v1")
        assert status == 200 and info["protocol"] == 1, info
        # Plain http is redirected.
        plain = http.client.HTTPConnection("127.0.0.1", http_port, timeout=DEADLINE)
        plain.request("GET", "/api/v1", headers={"Host": "localhost"})
        r = plain.getresponse()
        assert r.status == 301 and r.getheader("Location").startswith("https://"), r.status
        plain.close()
        # A private match with a bot, joined under a name with its invite.
        posting = {"Origin": origin}
        status, created, _ = request(at("127.0.0.2"), "POST", "/api/v1/matches",
                                     {"players": 2, "seats": ["human", "greedy"],
                                      "private": True}, posting)
        assert status == 201, created
        match, invite = created["match"]["id"], created["invite"]
        status, refused, _ = request(at("127.0.0.3"), "POST", f"/api/v1/matches/{match}/join",
                                     {"name": "Eve"}, posting)
        assert status == 403 and refused["error"]["code"] == "invite_required", refused
        status, joined, _ = request(at("127.0.0.2"), "POST", f"/api/v1/matches/{match}/join",
                                    {"name": " Zoë ", "invite": invite}, posting)
        assert status == 200, joined
        assert joined["invite"] == invite, joined
        # Its WebSocket over wss://: the update, a move, a chat message.
        asyncio.run(play_and_chat(https_port, ctx, match, joined["token"], origin))
        status, summary, _ = request(at("127.0.0.2"), "GET", f"/api/v1/matches/{match}")
        assert summary["match"]["move"] >= 1 and summary["match"]["private"], summary
        # The server sees each player's address, not the proxy's: one open
        # match per address (--open-per-address 1).
        open_match = {"players": 2, "seats": ["human", "human"]}

        def create(conn, headers=None):
            status, v, _ = request(conn, "POST", "/api/v1/matches", open_match,
                                   {**posting, **(headers or {})})
            return status, v.get("error", {}).get("code")

        assert create(at("127.0.0.2")) == (201, None)
        assert create(at("127.0.0.2")) == (429, "too_many_open_matches")
        assert create(at("127.0.0.3")) == (201, None), "another player behind the proxy"
        # A player's own X-Forwarded-For: nginx appends the real address,
        # and the server reads only that last entry.
        assert create(at("127.0.0.2"), {"X-Forwarded-For": "127.0.0.9"}) == \
            (429, "too_many_open_matches")
        # Around the proxy, straight to the server: the header is ignored.
        direct = http.client.HTTPConnection("127.0.0.1", server_port, timeout=DEADLINE,
                                            source_address=("127.0.0.4", 0))
        status, _, _ = request(direct, "POST", "/api/v1/matches", open_match,
                               {"X-Forwarded-For": "127.0.0.5"})
        assert status == 201, status
        direct = http.client.HTTPConnection("127.0.0.1", server_port, timeout=DEADLINE,
                                            source_address=("127.0.0.4", 0))
        status, v, _ = request(direct, "POST", "/api/v1/matches", open_match,
                               {"X-Forwarded-For": "127.0.0.6"})
        assert status == 429, (status, v)
        print(f"proxy: nginx on https://localhost:{https_port}/ in front of the server on "
              f"{server_port}: page, API, private match, wss:// move and chat, client "
              "addresses: ok")
    except BaseException:
        for name in ("error.log", "access.log", "server.log"):
            p = os.path.join(work, name)
            if os.path.exists(p):
                with open(p) as f:
                    sys.stderr.write(f"--- nginx {name} ---\n{f.read()[-4000:]}\n")
        raise
    finally:
        for p in reversed(procs):
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
