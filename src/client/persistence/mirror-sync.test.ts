import { describe, expect, it } from "vitest";
import { MirrorSync } from "./mirror-sync.ts";

const A = { x: 10, y: 10, width: 20, height: 20 };
const B = { x: 100, y: 0, width: 5, height: 5 };

describe("MirrorSync", () => {
  it("starts whole, then hands over each change once", () => {
    const sync = new MirrorSync();
    expect(sync.take()).toBe("all");
    expect(sync.take()).toBeNull();
    sync.strokeStarted();
    sync.changed(A);
    expect(sync.take()).toEqual(A);
    expect(sync.take()).toBeNull();
  });

  it("merges changes into their bounding rectangle; 'all' wins whatever comes before or after it", () => {
    const sync = new MirrorSync();
    sync.take();
    sync.changed(A);
    sync.changed(B);
    expect(sync.take()).toEqual({ x: 10, y: 0, width: 95, height: 30 });
    sync.changed(A);
    sync.changed("all");
    sync.changed(B);
    expect(sync.take()).toBe("all");
  });

  it("a lost mirror is copied whole next, changes or not", () => {
    const sync = new MirrorSync();
    sync.take();
    sync.changed(A);
    sync.lost();
    expect(sync.take()).toBe("all");
  });

  it("a stroke copied while drawn and then committed needs only its own rectangle", () => {
    const sync = new MirrorSync();
    sync.take();
    sync.strokeStarted();
    expect(sync.take()).toBeNull();
    sync.changed(A);
    sync.strokeStarted();
    expect(sync.take()).toEqual(A);
  });

  it("a stroke copied while drawn and then cancelled (a new stroke starts with no change) makes the next copy whole", () => {
    const sync = new MirrorSync();
    sync.take();
    sync.changed(B);
    sync.strokeStarted();
    expect(sync.take()).toEqual(B);
    sync.strokeStarted();
    sync.changed(A);
    expect(sync.take()).toBe("all");
    // Once whole again, strokes go back to rectangles.
    sync.strokeStarted();
    sync.changed(A);
    expect(sync.take()).toEqual(A);
  });

  it("a cancelled stroke that was never copied changes nothing", () => {
    const sync = new MirrorSync();
    sync.take();
    sync.strokeStarted();
    sync.strokeStarted();
    sync.changed(A);
    expect(sync.take()).toEqual(A);
  });
});
