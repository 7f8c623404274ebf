import { namePagePath } from "../../common/credit.ts";

const PLACES = ["1st", "2nd", "3rd"];

/** A card's place among its ended prompt's top three: a small medal under the picture. */
export function CardPlace({ place }: { readonly place: number | null }) {
  const name = place === null ? undefined : PLACES[place - 1];
  if (name === undefined) return null;
  return (
    <span className={`wall__place wall__place--${place}`} title={`${name} place in its prompt`}>
      {name}
    </span>
  );
}

/**
 * "by @fred": the name a card's drawing is signed with, linking to the name's page. An unsigned card keeps the
 * line empty, so the reactions of a row's cards stay level.
 */
export function CardCredit({ name }: { readonly name: string | null }) {
  if (name === null) return <p className="wall__credit" aria-hidden="true" />;
  return (
    <p className="wall__credit">
      by{" "}
      <a className="wall__name" href={namePagePath(name)}>
        {name}
      </a>
    </p>
  );
}
