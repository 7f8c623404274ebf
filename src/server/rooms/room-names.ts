import { randomInt } from "node:crypto";

// A person who types no name gets one made up (no accounts); everyone's colour follows their slot, so the same
// person keeps the same colour in a room across visits.

const ADJECTIVES = [
  "Brave",
  "Calm",
  "Clever",
  "Cosy",
  "Eager",
  "Fuzzy",
  "Gentle",
  "Happy",
  "Jolly",
  "Lucky",
  "Mellow",
  "Merry",
  "Nimble",
  "Proud",
  "Quick",
  "Shy",
  "Sleepy",
  "Sunny",
  "Swift",
  "Witty",
];
const ANIMALS = [
  "Badger",
  "Bee",
  "Cat",
  "Crab",
  "Deer",
  "Duck",
  "Fox",
  "Frog",
  "Hare",
  "Koala",
  "Lynx",
  "Mole",
  "Otter",
  "Owl",
  "Panda",
  "Puffin",
  "Seal",
  "Swan",
  "Tiger",
  "Wren",
];
/** Twelve colours apart from each other and readable as text on white (WCAG AA 4.5:1). */
const PERSON_COLOURS = [
  "#c0392b",
  "#1f6fb2",
  "#1e7b3a",
  "#8e44ad",
  "#b35900",
  "#00758f",
  "#b0306a",
  "#5b6b00",
  "#6d4c41",
  "#3949ab",
  "#00796b",
  "#a0522d",
];

/** A made-up name like "Sunny Otter". */
export function madeUpName(): string {
  return `${ADJECTIVES[randomInt(ADJECTIVES.length)]} ${ANIMALS[randomInt(ANIMALS.length)]}`;
}

/** A slot's colour. */
export function colourOfSlot(slot: number): string {
  return PERSON_COLOURS[slot % PERSON_COLOURS.length] as string;
}
