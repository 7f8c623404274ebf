import { describe, expect, it } from "vitest";
import { createBackupGate } from "./backup-gate.ts";

describe("createBackupGate", () => {
  it("allows no write before the restore attempt has finished", () => {
    const gate = createBackupGate();
    expect(gate.change()).toBe(false);
    expect(gate.change()).toBe(false);
  });

  it("writes nothing when the restore finishes without a change: a loaded page never writes by itself", () => {
    expect(createBackupGate().restoreSettled(true)).toBe(false);
    expect(createBackupGate().restoreSettled(false)).toBe(false);
  });

  it("writes a change made during the attempt once it finished without restoring", () => {
    const gate = createBackupGate();
    gate.change();
    expect(gate.restoreSettled(false)).toBe(true);
  });

  it("drops a change made during the attempt when the restored drawing replaced it", () => {
    const gate = createBackupGate();
    gate.change();
    expect(gate.restoreSettled(true)).toBe(false);
  });

  it("allows a write for every change after the attempt, and none after stop", () => {
    const gate = createBackupGate();
    gate.restoreSettled(true);
    expect(gate.change()).toBe(true);
    expect(gate.change()).toBe(true);
    gate.stop();
    expect(gate.change()).toBe(false);
    expect(gate.restoreSettled(false)).toBe(false);
  });

  it("settles only once", () => {
    const gate = createBackupGate();
    gate.change();
    gate.restoreSettled(false);
    expect(gate.restoreSettled(false)).toBe(false);
  });
});
