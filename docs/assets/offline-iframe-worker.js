/* The site's search opened from files (file://), with nothing fetched from the network.

Material's search runs in a Web Worker, and Chromium starts no worker for a page opened from a file. Material's
offline plugin would add a shim that runs the worker in a frame instead (iframe-worker, fetched from unpkg.com);
this file is that shim for these pages, and its name (it contains "iframe-worker") tells the plugin not to add
its own (mkdocs.yml, extra.polyfills). On a page opened from a file, `Worker` becomes a hidden same-origin frame
that runs the worker's script: what the page posts arrives there as a "message" event, and what the script posts
comes back to the page as one, each a turn later, as a worker's messages do. Served over HTTP, nothing changes. */
(function () {
  "use strict";
  if (location.protocol !== "file:") {
    return;
  }

  class FrameWorker extends EventTarget {
    constructor(url) {
      super();
      this.frame = document.createElement("iframe");
      this.frame.hidden = true;
      (document.body || document.documentElement).appendChild(this.frame);
      const inner = this.frame.contentWindow;
      this.inner = inner;
      this.waiting = [];
      inner.postMessage = (data) => {
        setTimeout(() => this.dispatchEvent(new MessageEvent("message", { data: data })));
      };
      const script = inner.document.createElement("script");
      script.src = new URL(url, location.href).href;
      script.onload = () => {
        const waiting = this.waiting;
        this.waiting = null;
        waiting.forEach((data) => this.postMessage(data));
      };
      script.onerror = () => this.dispatchEvent(new Event("error"));
      inner.document.head.appendChild(script);
    }

    postMessage(data) {
      if (this.waiting !== null) {
        this.waiting.push(data);
        return;
      }
      const inner = this.inner;
      setTimeout(() => inner.dispatchEvent(new inner.MessageEvent("message", { data: data })));
    }

    terminate() {
      this.frame.remove();
    }
  }

  window.Worker = FrameWorker;
})();
