import { type RefObject, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { roomPath } from "../../common/rooms/room-links.ts";
import { cleanName, type HostCommand, MAX_NAME_LENGTH } from "../../common/rooms/room-messages.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import { Icon } from "../page/Icon.tsx";
import { useCopy } from "../share/use-copy.ts";
import { openEarly } from "./room-early.ts";
import { hostSecretOf, savedName, saveName, takeHostLink } from "./room-keys.ts";
import { CONNECTING, type RoomSession, type RoomView, startRoomSession } from "./room-session.ts";
import { useCanvasTop } from "./use-canvas-top.ts";
import "./room.css";

/** Props of the room bar. */
export interface RoomBarProps {
  readonly id: string;
  readonly engine: DrawingEngine;
  readonly canvasRef: RefObject<HTMLCanvasElement | null>;
  readonly mascotSrc: string;
}

// The room's socket opens as this chunk loads (the board loads it as soon as it reads a room's address), not
// once the board's engine is ready: the room's picture and log arrive while the engine starts.
if (typeof window !== "undefined") openEarly(savedName);

/**
 * The live room over the board: who is here (a count and their names in their colours), the link to share,
 * the visitor's name, the host's controls, and what the connection is doing. Starts the room's session on the
 * board's engine and ends it when the board goes.
 */
export function RoomBar({ id, engine, canvasRef, mascotSrc }: RoomBarProps) {
  const [session, setSession] = useState<RoomSession | null>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas === null) return;
    takeHostLink(id);
    const started = startRoomSession(engine, canvas, id, mascotSrc);
    setSession(started);
    return () => started.stop();
  }, [engine, canvasRef, id, mascotSrc]);
  const view = useSyncExternalStore(
    session?.subscribe ?? (() => () => {}),
    session?.view ?? (() => CONNECTING),
    () => CONNECTING,
  );
  // Drawing that the room would refuse is not offered: a watcher, a locked room (but for its host), a room that
  // ended or that this visitor was sent out of.
  const over = view.phase === "ended" || view.phase === "closed";
  const canDraw = !over && view.you?.role !== "watcher" && (!view.locked || view.you?.host === true);
  // Before the browser paints what says so: no stroke may start in between.
  useLayoutEffect(() => {
    const canvas = canvasRef.current;
    if (canvas === null) return;
    canvas.toggleAttribute("data-room-readonly", !canDraw);
    return () => canvas.removeAttribute("data-room-readonly");
  }, [canvasRef, canDraw]);
  // Clear is the host's (the room refuses anyone else's): a guest's board does not offer it.
  const guest = view.you?.host !== true;
  useLayoutEffect(() => {
    const board = canvasRef.current?.closest(".board");
    if (board === null || board === undefined) return;
    board.toggleAttribute("data-room-guest", guest);
    return () => board.removeAttribute("data-room-guest");
  }, [canvasRef, guest]);
  useCanvasTop(canvasRef);
  const [copyState, copy] = useCopy();
  const [hostCopyState, copyHost] = useCopy();
  const link = `${window.location.origin}${roomPath(id)}`;
  const command = (message: HostCommand) => session?.command(message);
  const here = view.people.length;

  return (
    <section className="room-bar" aria-label="Live room" data-phase={view.phase}>
      <div className="room-bar__row">
        <span className="room-bar__live">
          <Icon name="people" />
          <strong>{view.phase === "ended" ? "Room ended" : over ? "Left the room" : "Live room"}</strong>
          {!over && (
            <span className="room-bar__count" data-testid="room-count">
              {here === 1 ? "1 here" : `${here} here`}
            </span>
          )}
        </span>
        <ul className="room-bar__people" aria-label="People in the room">
          {(over ? [] : view.people).map((person) => (
            <li key={person.slot} style={{ "--person": person.colour } as React.CSSProperties}>
              {person.name}
              {person.slot === view.you?.slot ? " (you)" : ""}
              {person.host ? " · host" : ""}
              {person.role === "watcher" ? " · watching" : ""}
              {view.you?.host === true && person.slot !== view.you.slot && view.phase === "live" && (
                <PersonControls name={person.name} act={(t) => command({ t, slot: person.slot })} />
              )}
            </li>
          ))}
        </ul>
        {!over && (
          <button type="button" className="room-bar__button" onClick={() => void copy(link)}>
            <Icon name={copyState === "copied" ? "check" : "link"} />
            {copyState === "copied" ? "Copied" : copyState === "failed" ? "Copy failed" : "Copy link"}
          </button>
        )}
      </div>
      <div className="room-bar__row">
        {!over && <NameField current={view.you?.name ?? ""} onRename={(name) => session?.rename(name)} />}
        {view.you?.host && view.phase === "live" && (
          <span className="room-bar__host">
            <button
              type="button"
              className="room-bar__button"
              onClick={() => command({ t: view.locked ? "unlock" : "lock" })}
            >
              {view.locked ? "Unlock drawing" : "Lock drawing"}
            </button>
            <button
              type="button"
              className="room-bar__button"
              onClick={() => void copyHost(hostLink(id, link))}
            >
              {hostCopyState === "copied" ? "Copied" : "Copy host link"}
            </button>
            <button
              type="button"
              className="room-bar__button room-bar__button--danger"
              onClick={() => {
                if (window.confirm("End this room for everyone? The link stops working."))
                  command({ t: "end" });
              }}
            >
              End room
            </button>
          </span>
        )}
        <p className="room-bar__status" role="status" data-testid="room-status">
          {statusLine(view)}
          {(view.phase === "ended" || view.phase === "closed") && (
            <a className="room-bar__leave" href="/">
              Draw on your own
            </a>
          )}
        </p>
      </div>
    </section>
  );
}

/** The host's controls over one person: take their strokes away, send them out for a while, or for good. */
function PersonControls({
  name,
  act,
}: {
  readonly name: string;
  readonly act: (command: "remove" | "kick" | "ban") => void;
}) {
  const menu = useRef<HTMLDetailsElement>(null);
  // The menu closes once it has done its work, on Escape, and when the pointer goes down anywhere else.
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (menu.current !== null && !menu.current.contains(event.target as Node)) menu.current.open = false;
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, []);
  const choose = (command: "remove" | "kick" | "ban") => {
    if (menu.current !== null) menu.current.open = false;
    act(command);
  };
  return (
    <details
      ref={menu}
      className="room-bar__person-menu"
      onKeyDown={(event) => {
        if (event.key === "Escape" && menu.current !== null) menu.current.open = false;
      }}
    >
      <summary aria-label={`Host controls for ${name}`}>⋯</summary>
      <div className="room-bar__person-actions">
        <button type="button" onClick={() => choose("remove")}>
          Remove {name}'s strokes
        </button>
        <button type="button" onClick={() => choose("kick")}>
          Send out for a while
        </button>
        <button type="button" onClick={() => choose("ban")}>
          Ban from this room
        </button>
      </div>
    </details>
  );
}

/** The link that makes whoever opens it a host too (the secret rides in the fragment, never sent to a server). */
function hostLink(id: string, link: string): string {
  const secret = hostSecretOf(id);
  return secret === undefined ? link : `${link}#host=${secret}`;
}

function statusLine(view: RoomView): string {
  const waiting = view.waiting > 0 ? ` ${view.waiting} of your changes wait to be sent.` : "";
  if (view.phase === "connecting") return "Joining the room…";
  if (view.phase === "reconnecting") return `Connection lost — reconnecting. Keep drawing.${waiting}`;
  if (view.phase === "ended" || view.phase === "closed") return view.notice ?? "This room has ended.";
  if (view.locked && !view.you?.host) return "The host has locked drawing for now.";
  if (view.you?.role === "watcher")
    return view.notice ?? "You are watching: the room has all the drawers it seats.";
  return view.notice ?? "Everyone here draws on this canvas.";
}

/** The visitor's name in the room: typed, kept for every room, sent when it is done. */
function NameField({
  current,
  onRename,
}: {
  readonly current: string;
  readonly onRename: (name: string) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const done = () => {
    const name = cleanName(draft);
    setDraft(null);
    if (name === undefined || name === current) return;
    saveName(name);
    onRename(name);
  };
  return (
    <label className="room-bar__name">
      <span>Your name</span>
      <input
        value={draft ?? current}
        maxLength={MAX_NAME_LENGTH}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={done}
        onKeyDown={(event) => {
          if (event.key === "Enter") event.currentTarget.blur();
        }}
      />
    </label>
  );
}
