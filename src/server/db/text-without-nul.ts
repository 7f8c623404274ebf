import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PrimitiveValueListNode,
  type ValueNode,
} from "kysely";

// PostgreSQL's text cannot hold U+0000 (the query fails: a report whose reason held one answered 500), while
// SQLite stores it. Every text parameter on its way to either store loses its NUL characters here, so no text
// a visitor sends can fail a query, now or in a later route, and both stores keep the same text.

/** Strips NUL from every string value in a query; bytes (PNGs, thumbnails) are Uint8Arrays and untouched. */
class NulStripper extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return super.transformValue(
      typeof node.value === "string" ? { ...node, value: withoutNul(node.value) } : node,
    );
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    const values = node.values.map((value) => (typeof value === "string" ? withoutNul(value) : value));
    return super.transformPrimitiveValueList({ ...node, values });
  }
}

function withoutNul(text: string): string {
  return text.includes("\0") ? text.replaceAll("\0", "") : text;
}

const stripper = new NulStripper();

/** The Kysely plugin both stores are opened with (db/open.ts). */
export const textWithoutNul: KyselyPlugin = {
  transformQuery: (args) => stripper.transformNode(args.node),
  transformResult: async (args) => args.result,
};
