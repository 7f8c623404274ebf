/**
 * A drawing's page's reactions, brought to life: the server's HTML shows the counts without script; with it,
 * each button gives or takes back its reaction as a wall card's does (the wall's client, wording and live feed),
 * changing the count at once and settling on the server's answer, the newest version winning.
 */
import { isReactionKind, type ReactionCounts, type ReactionState } from "../../common/reactions.ts";
import { readReactions, toggleReaction } from "../reactions/react-drawing.ts";
import { REACTION_FAILED } from "../reactions/reaction-failed.ts";
import { FEED_WAIT_MS, openLiveWall } from "../wall/live-wall.ts";

/** The credit line the page's HTML marks with its name's key (a moderator may take the name off live). */
const CREDIT_SELECTOR = ".permalink__credit[data-credit-key]";

/** Brings the reactions of `root` (the page's `.reactions[data-drawing]`) to life. */
export function wireReactions(root: HTMLElement): void {
  const id = root.dataset.drawing ?? "";
  const notice = document.querySelector(".reactions__notice");
  const buttons = [...root.querySelectorAll<HTMLButtonElement>("button[data-kind]")];
  let version = Number(root.dataset.version ?? "0");

  const say = (text: string) => {
    if (notice) notice.textContent = text;
  };
  const show = (button: HTMLButtonElement, count: number, pressed: boolean) => {
    const counter = button.querySelector(".reaction__count");
    if (counter) counter.textContent = String(count);
    button.setAttribute("aria-pressed", String(pressed));
  };
  const pressedKinds = () =>
    buttons.filter((button) => button.getAttribute("aria-pressed") === "true").map((b) => b.dataset.kind);
  const settle = (state: { reactions: ReactionCounts; version: number; reacted: readonly unknown[] }) => {
    if (state.version < version) return;
    version = state.version;
    for (const button of buttons) {
      const kind = button.dataset.kind ?? "";
      show(button, isReactionKind(kind) ? state.reactions[kind] : 0, state.reacted.includes(kind));
    }
  };

  const toggle = async (button: HTMLButtonElement) => {
    const kind = button.dataset.kind ?? "";
    if (!isReactionKind(kind)) return;
    const pressed = button.getAttribute("aria-pressed") === "true";
    const count = Number(button.querySelector(".reaction__count")?.textContent ?? "0");
    show(button, Math.max(0, count + (pressed ? -1 : 1)), !pressed);
    say("");
    const answer = await toggleReaction(id, kind, !pressed);
    if (typeof answer !== "string") return settle(answer);
    show(button, count, pressed);
    say(REACTION_FAILED[answer]);
  };

  let working = false;
  /** Reads the counts and this visitor's own reactions as the server has them now; the buttons work from then on. */
  const read = async () => {
    const state: ReactionState | undefined = await readReactions(id);
    if (state === undefined) return;
    settle(state);
    if (working) return;
    working = true;
    for (const button of buttons) {
      button.disabled = false;
      button.addEventListener("click", () => void toggle(button));
    }
  };

  // Everyone's reactions, live, through the wall's feed, but only while the page is seen: a shared link left
  // open in a background tab must not hold one of the visitor's few streams (and the process's) for nothing.
  let close: (() => void) | null = null;
  let withoutFeed: ReturnType<typeof setTimeout> | undefined;
  const connect = () => {
    if (close !== null) return;
    // Counts that changed before the feed was (re)opened are read once it is: none is missed. The first read
    // waits for it too (one request at load, not two), but only as long as the wall waits for its first page.
    withoutFeed = setTimeout(() => void read(), FEED_WAIT_MS);
    const credit = document.querySelector<HTMLElement>(CREDIT_SELECTOR);
    const hideCredit = () => {
      if (credit !== null) credit.hidden = true;
    };
    close = openLiveWall({
      onOpen: () => {
        clearTimeout(withoutFeed);
        void read();
      },
      onReactions: (changes) => {
        const change = changes.find((candidate) => candidate.id === id);
        if (change !== undefined) settle({ ...change, reacted: pressedKinds() });
      },
      // A name a moderator took off this drawing, or blocked everywhere, leaves the page at once.
      onName: (drawing, name) => {
        if (drawing === id && name === null) hideCredit();
      },
      onNameBlocked: (key) => {
        if (key === credit?.dataset.creditKey) hideCredit();
      },
      onDrawing: () => undefined,
      onRemoved: () => undefined,
    });
  };
  const disconnect = () => {
    clearTimeout(withoutFeed);
    close?.();
    close = null;
  };

  if (!("EventSource" in window)) {
    void read();
    return;
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") disconnect();
    else connect();
  });
  if (document.visibilityState === "hidden") void read();
  else connect();
}
