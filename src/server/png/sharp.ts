import sharp from "sharp";

// libvips keeps the results of its recent operations (50 MB and 100 of them by default) to answer a repeat at
// once. The server never repeats an operation on the same pixels (each drawing is re-encoded and thumbnailed
// once), so that cache would only hold memory: every module of the server takes sharp from here, without it.
sharp.cache(false);

/** sharp, with libvips' operation cache off. */
export { sharp };
