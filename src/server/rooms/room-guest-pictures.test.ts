import { describe, expect, it } from "vitest";
import { type GuestPicture, GuestVotes, PENDING_PER_ROOM } from "./room-guest-pictures.ts";

// Two visitors must agree (another browser AND another address, the same seq, operations and pixels) before a
// guest's picture is kept; what waits is bounded.

function guest(seq: number, visitorHash: string, address: string, pixels = "p", shows = "s"): GuestPicture {
  return {
    picture: { seq, painted: seq },
    shows,
    pixels,
    sender: { visitorHash, address },
  };
}

describe("GuestVotes", () => {
  it("keeps a picture only when another browser from another address sent the same one", () => {
    const votes = new GuestVotes();
    expect(votes.add(guest(10, "a", "1.1.1.1"))).toBeUndefined();
    expect(votes.add(guest(10, "a", "2.2.2.2"))).toBeUndefined(); // the same browser elsewhere
    expect(votes.add(guest(10, "b", "2.2.2.2"))).toBeUndefined(); // another browser at that address
    expect(votes.add(guest(10, "c", "3.3.3.3", "other pixels"))).toBeUndefined();
    expect(votes.add(guest(10, "d", "4.4.4.4", "p", "other operations"))).toBeUndefined();
    expect(votes.add(guest(9, "e", "5.5.5.5"))).toBeUndefined(); // another seq
    expect(votes.add(guest(10, "f", "6.6.6.6"))?.sender).toEqual({ visitorHash: "b", address: "2.2.2.2" });
    expect(votes.size).toBe(0); // the room holds a picture of seq 10: those up to it are of no more use
  });

  it("holds one picture per sender and at most PENDING_PER_ROOM, the newest seqs", () => {
    const votes = new GuestVotes();
    for (let seq = 1; seq <= 3; seq += 1) votes.add(guest(seq, "a", "1.1.1.1"));
    expect(votes.size).toBe(1);
    for (let index = 0; index < PENDING_PER_ROOM * 2; index += 1)
      votes.add(guest(100 + index, `v${index}`, `10.0.0.${index}`));
    expect(votes.size).toBe(PENDING_PER_ROOM);
    expect(votes.add(guest(100, "z", "9.9.9.9"))).toBeUndefined(); // seq 100 was let go as the oldest
  });
});
