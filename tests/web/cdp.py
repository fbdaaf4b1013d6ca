"""A small client of the Chrome DevTools Protocol over Chromium's --remote-debugging-pipe, for
the page's browser test (issue 22). Standard library only: Chromium reads commands from its
file descriptor 3 and writes replies and events to 4, one JSON message each, ended by a NUL.

    with Browser("/usr/bin/chromium") as browser:
        page = browser.new_page()
        page.call("Page.navigate", url="http://127.0.0.1:8000/")
        page.evaluate("document.title")
"""
import base64
import fcntl
import json
import os
import queue
import shutil
import subprocess
import tempfile
import threading
import time


class CdpError(Exception):
    """A command Chromium refused, a page script that threw, or a wait that timed out."""


class Browser:
    def __init__(self, executable, width=1280, height=900):
        self.profile = tempfile.mkdtemp(prefix="xq_chromium_")
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()

        def child_fds():
            # The pipe ends go to 3 and 4, inheritable; the originals close on exec.
            high_r = fcntl.fcntl(to_child_r, fcntl.F_DUPFD, 10)
            high_w = fcntl.fcntl(from_child_w, fcntl.F_DUPFD, 10)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        args = [executable, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--mute-audio", "--hide-scrollbars",
                f"--window-size={width},{height}", f"--user-data-dir={self.profile}", "about:blank"]
        self.log = open(os.path.join(self.profile, "chromium.log"), "wb")
        self.process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log,
                                        close_fds=False, preexec_fn=child_fds)
        os.close(to_child_r)
        os.close(from_child_w)
        self._next_id = 0
        self._lock = threading.Lock()
        self._replies = {}
        self._reply_ready = threading.Condition(self._lock)
        self.events = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self):
        buffer = b""
        while True:
            chunk = os.read(self._from_child, 1 << 20)
            if not chunk:
                break
            buffer += chunk
            while b"\0" in buffer:
                raw, buffer = buffer.split(b"\0", 1)
                message = json.loads(raw)
                if "id" in message:
                    with self._lock:
                        self._replies[message["id"]] = message
                        self._reply_ready.notify_all()
                else:
                    self.events.put(message)
        with self._lock:
            self._replies[None] = {"error": {"message": "Chromium closed its pipe"}}
            self._reply_ready.notify_all()

    def call(self, method, session=None, timeout=60, **params):
        with self._lock:
            self._next_id += 1
            number = self._next_id
        message = {"id": number, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._to_child, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        with self._lock:
            while number not in self._replies:
                if None in self._replies:
                    raise CdpError(f"{method}: Chromium closed its pipe")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise CdpError(f"{method}: no reply in {timeout} s")
                self._reply_ready.wait(left)
            reply = self._replies.pop(number)
        if "error" in reply:
            raise CdpError(f"{method}: {reply['error'].get('message')}")
        return reply.get("result", {})

    def new_page(self):
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        session = self.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        return Page(self, session)

    def close(self):
        try:
            self.call("Browser.close", timeout=10)
        except CdpError:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_child)
        self._reader.join(timeout=10)  # it ends at the closed pipe's end of file
        os.close(self._from_child)
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Page:
    """One tab: commands go to its session; console errors and uncaught exceptions are kept."""

    def __init__(self, browser, session):
        self.browser = browser
        self.session = session
        self.console_errors = []
        for domain in ("Page", "Runtime", "Log"):
            self.call(f"{domain}.enable")

    def call(self, method, timeout=60, **params):
        result = self.browser.call(method, session=self.session, timeout=timeout, **params)
        self._drain()
        return result

    def _drain(self):
        """Keeps the console errors, exceptions and failed loads reported so far."""
        while True:
            try:
                event = self.browser.events.get_nowait()
            except queue.Empty:
                return
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
                self.console_errors.append(f"console.{params['type']}: {text}")
            elif method == "Runtime.exceptionThrown":
                details = params.get("exceptionDetails", {})
                exc = details.get("exception", {}).get("description", details.get("text", ""))
                self.console_errors.append(f"uncaught: {exc}")
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                entry = params["entry"]
                self.console_errors.append(f"log: {entry.get('text')} {entry.get('url', '')}")

    def evaluate(self, expression, timeout=60):
        """The value of a page expression (awaited when it is a promise)."""
        result = self.call("Runtime.evaluate", timeout=timeout, expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise CdpError(f"{expression[:80]}: {details.get('exception', {}).get('description', details.get('text'))}")
        return result["result"].get("value")

    def wait_for(self, expression, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.evaluate(expression):
                return
            time.sleep(0.05)
        raise CdpError(f"waited {timeout} s for: {expression}")

    def click(self, selector):
        """A mouse click in the middle of the element, as a person's."""
        box = self.evaluate(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            if (!e) return null; e.scrollIntoView({{block: "center"}}); const r = e.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2]; }})()""")
        if box is None:
            raise CdpError(f"no element {selector}")
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=box[0], y=box[1], button="left", clickCount=1)

    def key(self, key, code, keycode):
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=key, code=code, windowsVirtualKeyCode=keycode)

    def type_text(self, text):
        """Text entered into the focused element, as a paste inserts it."""
        self.call("Input.insertText", text=text)

    def set_files(self, selector, paths):
        root = self.call("DOM.getDocument")["root"]["nodeId"]
        node = self.call("DOM.querySelector", nodeId=root, selector=selector)["nodeId"]
        self.call("DOM.setFileInputFiles", nodeId=node, files=[os.path.abspath(p) for p in paths])

    def viewport(self, width, height, mobile=False, scale=1):
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=scale,
                  mobile=mobile)

    def screenshot(self, path, full_page=True):
        params = {"format": "png", "captureBeyondViewport": full_page}
        data = self.call("Page.captureScreenshot", **params)["data"]
        with open(path, "wb") as out:
            out.write(base64.b64decode(data))
