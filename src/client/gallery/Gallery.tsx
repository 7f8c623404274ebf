import { useEffect, useId, useRef, useState } from "react";
import { GalleryCard } from "./GalleryCard.tsx";
import { useGallery } from "./use-gallery.ts";
import "./gallery.css";

/**
 * The community wall below the drawing tool: newest first, more on scroll (a "Load more" button where
 * IntersectionObserver is missing, and for keyboards), live additions and removals from the event stream.
 */
export function Gallery() {
  const headingId = useId();
  const wall = useGallery();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, load, loadMore } = wall;
  // One live region for the whole wall (no role="status": the save status stays the page's only status).
  const [announcement, setAnnouncement] = useState("");

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
    <section className="wall" aria-labelledby={headingId} aria-busy={load === "loading"}>
      <h2 className="wall__title" id={headingId}>
        Community wall
      </h2>
      {empty ? <p className="wall__empty">No drawings yet — be the first</p> : null}
      <ul className="wall__grid">
        {wall.items.map((item) => (
          <GalleryCard
            key={item.id}
            item={item}
            reported={wall.reported.has(item.id)}
            onReported={(id) => {
              wall.markReported(id);
              setAnnouncement("Reported — thank you. The drawing is hidden for you.");
            }}
          />
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {load === "failed" ? "Couldn't load the drawings." : announcement}
      </p>
      <div ref={sentinel} className="wall__more">
        {load === "failed" ? <p>Couldn't load the drawings.</p> : null}
        {hasMore || load === "failed" ? (
          <button type="button" className="button" disabled={load === "loading"} onClick={loadMore}>
            {load === "failed" ? "Try again" : "Load more"}
          </button>
        ) : null}
        {load === "loading" && wall.loadedOnce ? <span className="wall__loading">Loading…</span> : null}
      </div>
    </section>
  );
}
