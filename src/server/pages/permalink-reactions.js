// The permalink page's reactions, brought to life: the page shows the counts without script; with it, each
// button gives or takes back its reaction. Plain JavaScript served as written (the server pages have no build):
// it changes the count at once and settles on the server's answer, the newest version winning.

const root = document.querySelector(".reactions[data-drawing]");

const notice = document.querySelector(".reactions__notice");

if (root instanceof HTMLElement) {
  const path = `/api/drawings/${encodeURIComponent(root.dataset.drawing ?? "")}/reactions`;
  let version = Number(root.dataset.version ?? "0");
  /** @type {NodeListOf<HTMLButtonElement>} */
  const buttons = root.querySelectorAll("button[data-kind]");

  /** @param {HTMLButtonElement} button @param {number} count @param {boolean} pressed */
  const show = (button, count, pressed) => {
    const counter = button.querySelector(".reaction__count");
    if (counter) counter.textContent = String(count);
    button.setAttribute("aria-pressed", String(pressed));
  };

  /** @param {{ reactions: Record<string, number>, version: number, reacted: string[] }} state */
  const settle = (state) => {
    if (state.version < version) return;
    version = state.version;
    for (const button of buttons) {
      const kind = button.dataset.kind ?? "";
      show(button, state.reactions[kind] ?? 0, state.reacted.includes(kind));
    }
  };

  /** @param {string} text */
  const say = (text) => {
    if (notice) notice.textContent = text;
  };

  /** @param {RequestInit} init */
  const send = async (url, init) => {
    const answer = await fetch(url, { ...init, headers: { Accept: "application/json", ...init.headers } });
    if (!answer.ok) throw { status: answer.status, code: (await answer.json().catch(() => null))?.code };
    settle(await answer.json());
  };

  /** @param {HTMLButtonElement} button */
  const toggle = async (button) => {
    const kind = button.dataset.kind ?? "";
    const pressed = button.getAttribute("aria-pressed") === "true";
    const count = Number(button.querySelector(".reaction__count")?.textContent ?? "0");
    show(button, Math.max(0, count + (pressed ? -1 : 1)), !pressed);
    say("");
    try {
      await send(pressed ? `${path}/${kind}` : path, {
        method: pressed ? "DELETE" : "POST",
        headers: { "Content-Type": "application/json" },
        body: pressed ? undefined : JSON.stringify({ kind }),
      });
    } catch (refusal) {
      show(button, count, pressed);
      say(whyRefused(refusal));
    }
  };

  /** What a failed toggle tells the visitor: the server's refusal, or a network failure (a TypeError). */
  const whyRefused = (/** @type {unknown} */ refusal) => {
    const { status, code } = /** @type {{ status?: number, code?: unknown }} */ (refusal ?? {});
    if (code === "address_reactions_full")
      return "Enough people on your network have reacted to this drawing already — yours can't be counted.";
    return status === 429
      ? "Too many reactions just now — try again in a minute."
      : "Couldn't react — try again.";
  };

  let working = false;
  /** Reads the counts and this visitor's own reactions as the server has them now; the buttons work from then on. */
  const read = () =>
    send(path, { method: "GET" }).then(
      () => {
        if (working) return;
        working = true;
        for (const button of buttons) {
          button.disabled = false;
          button.addEventListener("click", () => void toggle(button));
        }
      },
      () => undefined,
    );

  /** This visitor's pressed buttons: theirs to change, so a live change moves only the counts. */
  const pressedKinds = () =>
    [...buttons]
      .filter((button) => button.getAttribute("aria-pressed") === "true")
      .map((b) => b.dataset.kind ?? "");

  // Everyone's reactions, live, through the wall's event stream, but only while the page is seen: a shared link
  // left open in a background tab must not hold one of the visitor's few streams (and the process's) for nothing.
  /** @type {EventSource | null} */
  let stream = null;
  const connect = () => {
    if (stream !== null) return;
    const opened = new EventSource("/api/events");
    stream = opened;
    // Counts that changed before the stream was (re)connected are read once it is: none is missed. The first read
    // waits for it too (one request at load, not two), but not long: a refused or slow stream must not keep the
    // buttons off.
    const withoutStream = setTimeout(read, 1500);
    opened.addEventListener("open", () => {
      clearTimeout(withoutStream);
      void read();
    });
    // A stream the server refused (this visitor's streams at their cap) is closed for good: read at once.
    opened.addEventListener("error", () => {
      if (opened.readyState !== EventSource.CLOSED) return;
      clearTimeout(withoutStream);
      void read();
    });
    // A name a moderator took off this drawing, or blocked everywhere, leaves the page at once.
    const credit = document.querySelector(".permalink__credit[data-credit-key]");
    const hideCredit = (/** @type {(data: Record<string, unknown>) => boolean} */ applies) => (event) => {
      try {
        if (credit instanceof HTMLElement && applies(JSON.parse(event.data))) credit.hidden = true;
      } catch {
        // A message this page cannot read changes nothing.
      }
    };
    opened.addEventListener(
      "credit",
      hideCredit((data) => data.id === root.dataset.drawing && data.name === null),
    );
    opened.addEventListener(
      "name-blocked",
      hideCredit((data) => credit instanceof HTMLElement && data.key === credit.dataset.creditKey),
    );
    opened.addEventListener("reactions", (event) => {
      try {
        /** @type {{ changes: { id: string, reactions: Record<string, number>, version: number }[] }} */
        const { changes } = JSON.parse(event.data);
        const change = changes.find((candidate) => candidate.id === root.dataset.drawing);
        if (change !== undefined) settle({ ...change, reacted: pressedKinds() });
      } catch {
        // A message this page cannot read changes nothing.
      }
    });
  };
  const disconnect = () => {
    stream?.close();
    stream = null;
  };

  if ("EventSource" in window) {
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") disconnect();
      else connect();
    });
    if (document.visibilityState === "hidden") void read();
    else connect();
  } else {
    void read();
  }
}
