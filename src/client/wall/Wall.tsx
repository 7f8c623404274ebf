import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useReactionToggle } from "../reactions/use-reaction-toggle.ts";
import { placesOf } from "./credit-list.ts";
import { useMyDrawings } from "./my-drawings.ts";
import { usePrompts } from "./use-prompts.ts";
import { useWall } from "./use-wall.ts";
import { WallCard } from "./WallCard.tsx";
import { WallNotice } from "./WallNotice.tsx";
import { WallTabs } from "./WallTabs.tsx";
import { NEWEST, type WallView } from "./wall-api.ts";
import { emptyText, sameView, viewFromHash, wallLead } from "./wall-views.ts";
import "./wall.css";
import "./wall-social.css";

/** How often the cards' ages ("5 minutes ago") are brought up to date. */
const AGE_TICK_MS = 60_000;

/** The current time, renewed every AGE_TICK_MS while the wall is shown. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The community wall below the drawing tool: newest first (or Top: most reactions this week or of all time)
 * in as many columns as the screen holds, more on scroll (a "Load more" button where IntersectionObserver is
 * missing, and for keyboards), live additions, removals and reaction counts from the event stream. The
 * visitor's own new drawing is marked when it arrives.
 */
export function Wall() {
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const [view, setView] = useState<WallView>(() => viewFromHash(location.hash) ?? NEWEST);
  const mine = useMyDrawings();
  const promptList = usePrompts();
  const isMine = useCallback((id: string) => mine.has(id), [mine]);
  const wall = useWall(view, { onPrompts: promptList.refresh, isMine });
  const places = useMemo(
    () => placesOf(promptList.prompts.map((prompt) => prompt.winners)),
    [promptList.prompts],
  );
  const now = useNow();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, load, loadMore, markReported } = wall;
  // What the visitor's own actions did, in one notice for the whole wall (no role="status": the save status
  // stays the page's only status).
  const [announcement, setAnnouncement] = useState("");
  const clearAnnouncement = useCallback(() => setAnnouncement(""), []);
  const react = useReactionToggle(wall.updateItems, setAnnouncement);
  // Stable, so the memoised cards are not all rendered again by an event that changes one of them.
  const onReported = useCallback(
    (id: string) => {
      markReported(id);
      setAnnouncement("Reported — thank you. The drawing is hidden for you.");
    },
    [markReported],
  );
  const changeView = useCallback((next: WallView) => {
    setView((current) => (sameView(current, next) ? current : next));
  }, []);

  // A link to a prompt's entries or to "Yours" (the banner's, a permalink's) opens that view and shows the wall.
  useEffect(() => {
    const follow = () => {
      const named = viewFromHash(location.hash);
      if (named === undefined) return;
      changeView(named);
      section.current?.scrollIntoView({ block: "start" });
    };
    if (viewFromHash(location.hash) !== undefined) section.current?.scrollIntoView({ block: "start" });
    window.addEventListener("hashchange", follow);
    return () => window.removeEventListener("hashchange", follow);
  }, [changeView]);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || load !== "idle" || typeof IntersectionObserver === "undefined") return;
    // Start a little before the end comes into view, so scrolling rarely waits.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, load, loadMore]);

  const empty = wall.loadedOnce && wall.items.length === 0;
  return (
    <section
      ref={section}
      id="wall"
      className="wall"
      aria-labelledby={headingId}
      aria-busy={load === "loading"}
    >
      <div className="wall__head">
        <h2 className="wall__title" id={headingId}>
          Community wall
        </h2>
        <p className="wall__lead">{wallLead(view, promptList.prompts)}</p>
        <WallTabs view={view} prompts={promptList.prompts} onChange={changeView} />
      </div>
      {empty ? <p className="wall__empty">{emptyText(view)}</p> : null}
      <ul className="wall__grid">
        {wall.items.map((item) => (
          <WallCard
            key={item.id}
            item={item}
            reported={wall.reported.has(item.id)}
            mine={mine.has(item.id) || item.mine === true}
            place={item.place ?? places.get(item.id) ?? null}
            now={now}
            onReact={react}
            onReported={onReported}
          />
        ))}
      </ul>
      <span className="visually-hidden" aria-live="polite">
        {load === "failed" ? "Couldn't load the drawings." : ""}
      </span>
      <WallNotice text={announcement} onDone={clearAnnouncement} />
      <div ref={sentinel} className="wall__more">
        {load === "failed" ? <p>Couldn't load the drawings.</p> : null}
        {hasMore || load === "failed" ? (
          <button type="button" className="wall__load" disabled={load === "loading"} onClick={loadMore}>
            {load === "failed" ? "Try again" : "Load more"}
          </button>
        ) : null}
        {load === "loading" && wall.loadedOnce ? <span className="wall__loading">Loading…</span> : null}
      </div>
    </section>
  );
}
